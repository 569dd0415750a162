import { formMessages, formPaymentMessages, untitledFormTitle } from '@huddle/shared/forms';
import { count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamCast, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { forms } from './forms.schema.ts';

/**
 * Decision 063 (issue 30): form/build stores nothing until the organizer's first edit, which
 * creates the form with what they typed, once, however often it is sent.
 */
let t: TestApp;
let owner: TestUser;
let organizer: TestUser;
let player: TestUser;
let teamId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, organizer, player, teamId } = await createTeamCast(t, {
    team: 'Builder Ballers',
    owner: 'Bea Builder',
    organizer: 'Ozzie Organizer',
    player: 'Pia Player',
    outsider: 'Otis Outsider',
  }));
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

const formsOf = async (user: TestUser) =>
  (await t.db.select({ n: count() }).from(forms).where(eq(forms.ownerUserId, user.user.id)))[0]?.n ?? 0;

const questions = [{ type: 'short_text', id: 'position', label: 'Position', required: true }];

describe('opening the form builder', () => {
  it('makes no form, however many times and however many at once', async () => {
    const opened = await Promise.all(Array.from({ length: 20 }, () => call('GET', '/api/forms/blank', owner.cookie)));
    for (const reply of opened) expect(reply.statusCode, reply.body).toBe(200);
    expect(opened[0]?.json()).toMatchObject({
      status: 'draft',
      title: untitledFormTitle,
      team: null,
      fields: [],
      canTakePayments: false,
    });
    const forTeam = await call('GET', `/api/forms/blank?teamId=${teamId}`, organizer.cookie);
    expect(forTeam.json()).toMatchObject({ team: { id: teamId, name: 'Builder Ballers' } });
    expect(await formsOf(owner)).toBe(0);
    expect(await formsOf(organizer)).toBe(0);
    expect((await call('GET', '/api/forms', owner.cookie)).json().forms).toEqual([]);
  });

  it("refuses a team's blank form to a player of the team, as creating one is", async () => {
    const blank = await call('GET', `/api/forms/blank?teamId=${teamId}`, player.cookie);
    expect(blank.statusCode).toBe(403);
    const created = await call('POST', '/api/forms', player.cookie, { title: 'Mine now', teamId });
    expect(created.statusCode).toBe(403);
    expect(await formsOf(player)).toBe(0);
  });
});

describe('the first edit', () => {
  it('creates the form with everything typed so far, at version 1', async () => {
    const created = await call('POST', '/api/forms', organizer.cookie, {
      id: randomUUID(),
      teamId,
      title: 'Tryout sign-up',
      description: 'Bring water.',
      fields: questions,
      settings: { onePerPerson: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      version: 1,
      title: 'Tryout sign-up',
      description: 'Bring water.',
      fields: [{ id: 'position', label: 'Position' }],
      settings: { onePerPerson: false, confirmationEmail: true },
      team: { id: teamId },
    });
  });

  it('sent again with the same id (a lost reply, a double send) makes one form', async () => {
    const id = randomUUID();
    const body = { id, teamId: null, title: 'Pickup waiver', fields: questions };
    const replies = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/forms', owner.cookie, body)));
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json()).toMatchObject({ id, version: 1 });
    }
    expect(await formsOf(owner)).toBe(1);

    // Someone else naming that id gets nothing of it, and changes nothing.
    const taken = await call('POST', '/api/forms', player.cookie, { ...body, title: 'Taken over' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(formMessages.idTaken);
    const [row] = await t.db.select().from(forms).where(eq(forms.id, id));
    expect(row?.title).toBe('Pickup waiver');
    expect(row?.ownerUserId).toBe(owner.user.id);
  });

  it('that the server refuses (a payment item, no Stripe) leaves no form behind', async () => {
    const before = await formsOf(organizer);
    const refused = await call('POST', '/api/forms', organizer.cookie, {
      id: randomUUID(),
      teamId: null,
      title: untitledFormTitle,
      fields: [{ type: 'payment', id: 'fee', label: 'Fee', priceCents: 1000 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['fields.0.type']).toEqual([formPaymentMessages.connectStripe]);
    expect(await formsOf(organizer)).toBe(before);
  });
});
