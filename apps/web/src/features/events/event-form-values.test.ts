import type { EventView } from '@huddle/shared/events';
import { geohashOf } from '@huddle/shared/places';
import { describe, expect, it } from 'vitest';
import {
  addMinutesLocal,
  emptyEventValues,
  eventBodyFrom,
  eventFormErrors,
  eventValuesFrom,
  isoWeekdayOf,
  placeBodyFrom,
  placeFormErrors,
  repeatCountMessage,
  repeatEndsMessage,
  validateEventValues,
  type EventFormValues,
} from './event-form-values.ts';

const placeId = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const teamId = '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

const filled = (changes: Partial<EventFormValues> = {}): EventFormValues => ({
  ...emptyEventValues('America/Chicago'),
  title: 'Thursday pickup',
  gameType: 'Soccer',
  place: { id: placeId, name: 'Zilker courts', address: '2100 Barton Springs Rd' },
  startLocal: '2030-06-06T18:30',
  endLocal: '2030-06-06T20:00',
  ...changes,
});

describe('the event form and the request body', () => {
  it('sends a one-off free game as the shared schema expects', () => {
    expect(eventBodyFrom(filled({ description: '  ' }), { placeId, teamId: null })).toEqual({
      title: 'Thursday pickup',
      gameType: 'Soccer',
      description: null,
      timeZone: 'America/Chicago',
      startLocal: '2030-06-06T18:30',
      endLocal: '2030-06-06T20:00',
      repeat: null,
      placeId,
      teamId: null,
      slots: 10,
      skillLevel: 'all',
      gender: 'Any',
      visibility: 'public',
      priceCents: null,
      refundDeadlineHours: 24,
      refundAfterDeadline: 'none',
      autoPromote: false,
      maxGuestFriends: 2,
    });
    expect(validateEventValues(filled(), null)).toEqual({});
  });

  it('sends the guests’ friend limit, and refuses it empty or above nine beside the field', () => {
    expect(eventBodyFrom(filled({ maxGuestFriends: 0 }), { placeId, teamId: null }).maxGuestFriends).toBe(0);
    expect(validateEventValues(filled({ maxGuestFriends: '' }), null)).toEqual({
      maxGuestFriends: 'Enter how many friends a guest may bring.',
    });
    expect(validateEventValues(filled({ maxGuestFriends: 10 }), null)).toEqual({ maxGuestFriends: 'At most 9.' });
  });

  it('sends a weekly repeat with sorted days and only the chosen end', () => {
    const values = filled({
      repeats: 'weekly',
      weekdays: ['4', '2'],
      repeatEnds: 'count',
      count: 6,
      until: '2030-07-01',
    });
    expect(eventBodyFrom(values, { placeId, teamId: null }).repeat).toEqual({
      weekdays: [2, 4],
      until: null,
      count: 6,
    });
    const byDate = filled({ repeats: 'weekly', weekdays: ['4'], repeatEnds: 'until', until: '2030-07-01' });
    expect(eventBodyFrom(byDate, { placeId, teamId: null }).repeat).toEqual({
      weekdays: [4],
      until: '2030-07-01',
      count: null,
    });
  });

  it('turns dollars into cents', () => {
    expect(eventBodyFrom(filled({ price: 7.5 }), { placeId, teamId }).priceCents).toBe(750);
    expect(eventBodyFrom(filled({ price: '' }), { placeId, teamId }).priceCents).toBeNull();
  });

  it('sends the refund policy the organizer chose (decision 035)', () => {
    const body = eventBodyFrom(filled({ price: 6, refundDeadlineHours: '48', refundAfterDeadline: 'credit' }), {
      placeId,
      teamId,
    });
    expect(body).toMatchObject({ priceCents: 600, refundDeadlineHours: 48, refundAfterDeadline: 'credit' });
    expect(validateEventValues(filled({ price: 6, refundDeadlineHours: '5' }), teamId)).toHaveProperty(
      'refundDeadlineHours',
    );
  });

  it('puts the schema’s messages on the form’s own fields', () => {
    const errors = validateEventValues(
      filled({
        title: 'ab',
        endLocal: '2030-06-06T17:00',
        repeats: 'weekly',
        weekdays: [],
        repeatEnds: 'until',
        until: '',
        visibility: 'team',
      }),
      null,
    );
    expect(errors.title).toBe('Title must be at least 3 characters.');
    expect(errors.weekdays).toBe('Pick the days it repeats on.');
  });

  it('asks for the end after the start, a team for team-only, and a repeat end', () => {
    expect(validateEventValues(filled({ endLocal: '2030-06-06T17:00' }), null).endLocal).toBe(
      'The end must be after the start.',
    );
    expect(validateEventValues(filled({ visibility: 'team' }), null).visibility).toBe(
      'Only a team event can be for the team only.',
    );
    expect(validateEventValues(filled({ visibility: 'team' }), teamId).visibility).toBeUndefined();
    expect(
      validateEventValues(filled({ repeats: 'weekly', weekdays: ['4'], repeatEnds: 'until', until: '' }), null).until,
    ).toBe('Choose when the repeat ends: on a date or after a number of times.');
  });

  it('makes the end of a weekly repeat a choice, with no number of times filled in (issue 11)', () => {
    const fresh = emptyEventValues('America/Chicago');
    expect(fresh.repeatEnds).toBe('');
    expect(fresh.count).toBe('');
    const weekly = filled({ repeats: 'weekly', weekdays: ['4'], repeatEnds: '', count: '' });
    const unchosen = validateEventValues(weekly, null);
    expect(unchosen.repeatEnds).toBe(repeatEndsMessage);
    expect(unchosen.until).toBeUndefined();
    const noCount = validateEventValues({ ...weekly, repeatEnds: 'count' }, null);
    expect(noCount.count).toBe(repeatCountMessage);
    expect(noCount.repeatEnds).toBeUndefined();
    expect(validateEventValues({ ...weekly, repeatEnds: 'count', count: 1 }, null).count).toBe(
      'A repeating event happens at least twice.',
    );
    expect(validateEventValues({ ...weekly, repeatEnds: 'count', count: 201 }, null).count).toBe(
      'At most 200 occurrences.',
    );
    expect(validateEventValues({ ...weekly, repeatEnds: 'count', count: 8 }, null)).toEqual({});
  });

  it('asks for a place, or checks the new one', () => {
    expect(validateEventValues(filled({ place: null }), null).place).toBe('Choose a place.');
    const errors = validateEventValues(
      filled({ place: null, newPlace: { name: 'Z', address: '2100 Barton Springs Rd', point: null } }),
      null,
    );
    expect(errors.place).toBeUndefined();
    expect(errors['newPlace.name']).toBe('Name must be at least 2 characters.');
    // No position yet: one message under the map, never a coordinate to type.
    expect(errors['newPlace.point']).toBe('Pick an address from the list, or click the map to set the spot.');
    expect(Object.keys(errors).filter((key) => key.startsWith('newPlace.'))).toEqual([
      'newPlace.name',
      'newPlace.point',
    ]);
    const nowhere = { name: 'Zilker courts', address: '2100 Barton Springs Rd', point: { lat: 0, lng: 0 } };
    expect(validateEventValues(filled({ place: null, newPlace: nowhere }), null)['newPlace.point']).toBe(
      'Pick an address from the list, or click the map to set the spot.',
    );
    const fine = { name: 'Zilker courts', address: '2100 Barton Springs Rd', point: { lat: 30.2669, lng: -97.7729 } };
    expect(validateEventValues(filled({ place: null, newPlace: fine }), null)).toEqual({});
  });

  it('computes the new place’s geohash in the browser (spec §7)', () => {
    const body = placeBodyFrom({
      name: 'Zilker courts',
      address: '2100 Barton Springs Rd',
      point: { lat: 30.2669, lng: -97.7729 },
    });
    expect(body.geohash).toBe(geohashOf(30.2669, -97.7729));
    expect(body.geohash).toHaveLength(9);
  });

  it('maps server field paths onto the form', () => {
    expect(
      eventFormErrors({ 'repeat.until': 'A', priceCents: 'B', placeId: 'C', 'repeat.weekdays.0': 'D', slots: 'E' }),
    ).toEqual({ until: 'A', price: 'B', place: 'C', weekdays: 'D', slots: 'E' });
    expect(placeFormErrors({ geohash: 'The geohash does not match the coordinates.', name: 'N' })).toEqual({
      'newPlace.point': 'The geohash does not match the coordinates.',
      'newPlace.name': 'N',
    });
    expect(placeFormErrors({ lat: 'L', geohash: 'G' })).toEqual({ 'newPlace.point': 'L' });
  });

  it('fills the form from an event being edited', () => {
    const event = {
      id: 'e1',
      title: 'Sunday run',
      gameType: 'Basketball',
      description: null,
      timeZone: 'America/Denver',
      startLocal: '2030-06-09T09:00',
      endLocal: '2030-06-09T11:00',
      repeat: { weekdays: [7], until: '2030-08-25', count: null },
      place: { id: placeId, name: 'Gym', address: '1 Main St', lat: 39.7, lng: -105 },
      team: null,
      slots: 12,
      skillLevel: 'advanced',
      gender: 'Women',
      visibility: 'public',
      priceCents: 500,
      refundPolicy: { deadlineHours: 72, afterDeadline: 'credit' },
      autoPromote: true,
      maxGuestFriends: 4,
    } as unknown as EventView['event'];
    expect(eventValuesFrom(event)).toMatchObject({
      description: '',
      place: { id: placeId, name: 'Gym', address: '1 Main St' },
      repeats: 'weekly',
      weekdays: ['7'],
      repeatEnds: 'until',
      until: '2030-08-25',
      price: 5,
      refundDeadlineHours: '72',
      refundAfterDeadline: 'credit',
      autoPromote: true,
      maxGuestFriends: 4,
      gender: 'Women',
    });
  });

  it('does calendar arithmetic on wall-clock strings', () => {
    expect(addMinutesLocal('2030-06-06T23:30', 90)).toBe('2030-06-07T01:00');
    expect(addMinutesLocal('', 90)).toBe('');
    expect(isoWeekdayOf('2030-06-06T18:30')).toBe(4);
    expect(isoWeekdayOf('2030-06-09')).toBe(7);
  });
});
