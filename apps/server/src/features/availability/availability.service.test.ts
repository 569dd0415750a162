import { weekDays, type AvailabilityBody } from '@huddle/shared/availability';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const unavailableWeek = () =>
  Object.fromEntries(
    weekDays.map((day) => [day, { isAvailable: false, ranges: [] }]),
  ) as unknown as AvailabilityBody['weekly'];

const save = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/me/availability', headers: { cookie }, payload: payload as object });

describe('weekly availability', () => {
  it('is null before the first save, then created, then replaced', async () => {
    const { cookie } = await signUpUser(t.app);
    const before = await t.app.inject({ url: '/api/me/availability', headers: { cookie } });
    expect(before.json()).toEqual({ availability: null });

    const weekly = { ...unavailableWeek(), monday: { isAvailable: true, ranges: [{ start: '17:00', end: '20:00' }] } };
    const created = await save(cookie, {
      weekly,
      dates: [{ date: '2026-12-24', ranges: [{ start: '09:00', end: '11:00' }] }],
    });
    expect(created.statusCode).toBe(200);

    const replaced = await save(cookie, {
      weekly: { ...weekly, tuesday: { isAvailable: true, ranges: [{ start: '06:00', end: '07:30' }] } },
      dates: [],
    });
    expect(replaced.statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/me/availability', headers: { cookie } })).json();
    expect(after.availability.weekly.monday.ranges).toEqual([{ start: '17:00', end: '20:00' }]);
    expect(after.availability.weekly.tuesday.ranges).toEqual([{ start: '06:00', end: '07:30' }]);
    expect(after.availability.dates).toEqual([]);
  });

  it('rejects overlapping ranges with the spec message, and an end before the start', async () => {
    const { cookie } = await signUpUser(t.app);
    const overlapping = {
      ...unavailableWeek(),
      friday: {
        isAvailable: true,
        ranges: [
          { start: '17:00', end: '20:00' },
          { start: '19:00', end: '21:00' },
        ],
      },
    };
    const response = await save(cookie, { weekly: overlapping, dates: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields['weekly.friday.ranges.1.start']).toEqual([
      'Overlapping times with another range.',
    ]);

    const backwards = {
      ...unavailableWeek(),
      friday: { isAvailable: true, ranges: [{ start: '20:00', end: '17:00' }] },
    };
    const second = await save(cookie, { weekly: backwards, dates: [] });
    expect(second.json().error.fields['weekly.friday.ranges.0.end']).toEqual(['End must be after start.']);
  });

  it('needs a range on an available day and on every specific date', async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await save(cookie, {
      weekly: { ...unavailableWeek(), sunday: { isAvailable: true, ranges: [] } },
      dates: [{ date: '2026-12-31', ranges: [] }],
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error;
    expect(fields['weekly.sunday.ranges']).toBeDefined();
    expect(fields['dates.0.ranges']).toEqual(['Add at least one time range.']);
  });

  it('drops ranges of a day marked unavailable', async () => {
    const { cookie } = await signUpUser(t.app);
    const weekly = { ...unavailableWeek(), monday: { isAvailable: false, ranges: [{ start: '17:00', end: '20:00' }] } };
    const response = await save(cookie, { weekly, dates: [] });
    expect(response.json().availability.weekly.monday).toEqual({ isAvailable: false, ranges: [] });
  });

  it('is private: 401 without a session, and each user only ever sees their own', async () => {
    expect((await t.app.inject({ url: '/api/me/availability' })).statusCode).toBe(401);
    expect((await save('', { weekly: unavailableWeek(), dates: [] })).statusCode).toBe(401);
    const first = await signUpUser(t.app);
    const second = await signUpUser(t.app);
    await save(first.cookie, {
      weekly: { ...unavailableWeek(), monday: { isAvailable: true, ranges: [{ start: '08:00', end: '09:00' }] } },
      dates: [],
    });
    const seenBySecond = await t.app.inject({ url: '/api/me/availability', headers: { cookie: second.cookie } });
    expect(seenBySecond.json()).toEqual({ availability: null });
  });
});
