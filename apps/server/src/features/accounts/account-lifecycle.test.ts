import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventParties } from '../events/events.schema.ts';
import { listOutboxMailTo } from '../../lib/mail/outbox.repository.ts';
import {
  createEventAs,
  createTeamAs,
  insertPlace,
  signUpBodyFor,
  signUpUser,
  verificationTokenFor,
  verifyEmailOf,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findGuestByEmail } from './accounts.repository.ts';
import { createGuest, getGuest, removeGuest } from './accounts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

describe('email verification', () => {
  it('mails a link at sign-up that verifies the address', async () => {
    const { body, cookie } = await signUpUser(t.app);
    expect((await me(cookie)).json().emailVerified).toBe(false);
    const token = await verificationTokenFor(t.db, body.email);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(response.statusCode).toBe(200);
    expect((await me(cookie)).json().emailVerified).toBe(true);
  });

  it('rejects a tampered token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: 'abc.def.ghi' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_TOKEN');
  });

  it('sends a new link on request, only to a signed-in, unverified user', async () => {
    const { body, cookie } = await signUpUser(t.app);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { cookie },
    });
    expect(resend.statusCode).toBe(200);
    const mails = await listOutboxMailTo(t.db, body.email);
    expect(mails.filter((mail) => mail.subject === 'Confirm your email for Huddle')).toHaveLength(2);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email' })).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('needs the word DELETE', async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie },
      payload: { confirm: 'delete' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.confirm).toEqual(['Type DELETE to confirm.']);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('removes the account, its sessions, settings and mail, and frees the email', async () => {
    const { body, cookie, user } = await signUpUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/availability',
      headers: { cookie },
      payload: {
        weekly: Object.fromEntries(
          ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
            day,
            { isAvailable: false, ranges: [] },
          ]),
        ),
        dates: [],
      },
    });
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie },
      payload: { confirm: 'DELETE' },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await listOutboxMailTo(t.db, body.email)).toEqual([]);
    expect((await t.app.inject({ url: `/api/users/${user.id}/profile` })).statusCode).toBe(404);
    // The same email can sign up again.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body })).statusCode).toBe(201);
  });

  it('cannot delete someone else: the session decides whose account goes', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me', payload: { confirm: 'DELETE' } })).statusCode).toBe(
      401,
    );
  });
});

describe('guests (unregistered users)', () => {
  it('are created once per email, read and removed', async () => {
    const email = signUpBodyFor().email;
    const [first, second] = await Promise.all([
      createGuest(t.db, { name: 'Walk-in', email }),
      createGuest(t.db, { name: 'Walk-in again', email }),
    ]);
    expect(first?.id).toBe(second?.id);
    expect((await getGuest(t.db, first.id)).email).toBe(email);
    await removeGuest(t.db, first.id);
    await expect(getGuest(t.db, first.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  /** A season open for registration and an upcoming event, made by a fresh organizer. */
  async function seasonAndEvent() {
    const organizer = await signUpUser(t.app);
    const team = await createTeamAs(t.app, organizer.cookie);
    const season = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${team.id}/seasons`,
      headers: { cookie: organizer.cookie },
      payload: {
        label: 'Claim Season',
        startsOn: '2030-03-01',
        endsOn: '2030-05-31',
        registrationOpensAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
        registrationClosesAt: '2030-02-28T23:00:00Z',
        capacity: null,
        feeCents: null,
        status: 'published',
      },
    });
    if (season.statusCode !== 201) throw new Error(season.body);
    const event = await createEventAs(t.app, organizer.cookie, (await insertPlace(t.db)).id);
    return { seasonId: season.json().id as string, eventId: event.id, occurrence: event.next?.startsAt as string };
  }

  const myRegistrations = async (cookie: string) =>
    (await t.app.inject({ url: '/api/me/registrations', headers: { cookie } })).json().registrations as unknown[];
  const myEventIds = async (cookie: string) =>
    (await t.app.inject({ url: '/api/me/events', headers: { cookie } }))
      .json()
      .events.map((event: { id: string }) => event.id) as string[];

  it('hand their registrations and spots to a new account with their email only once it is verified', async () => {
    const { seasonId, eventId, occurrence } = await seasonAndEvent();
    const body = signUpBodyFor();
    const guest = { name: 'Walk-in', email: body.email };
    const registered = await t.app.inject({
      method: 'POST',
      url: `/api/seasons/${seasonId}/registrations`,
      payload: { guest },
    });
    expect(registered.statusCode).toBe(201);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/parties`,
      payload: { occurrenceStartsAt: occurrence, guest },
    });
    expect(joined.statusCode).toBe(201);

    // Anyone can sign up with someone else's address: until the link in the mail is opened,
    // the guest keeps what it has and the new account sees none of it.
    const { cookie } = await signUpUser(t.app, { email: body.email });
    expect(await findGuestByEmail(t.db, body.email)).toBeDefined();
    expect(await myRegistrations(cookie)).toEqual([]);
    expect(await myEventIds(cookie)).toEqual([]);

    await verifyEmailOf(t.app, t.db, body.email);
    expect(await findGuestByEmail(t.db, body.email)).toBeUndefined();
    expect(await myRegistrations(cookie)).toHaveLength(1);
    expect(await myEventIds(cookie)).toEqual([eventId]);
  });

  it('keep the account’s own spot when it joined the guest’s date before verifying', async () => {
    const { eventId, occurrence } = await seasonAndEvent();
    const body = signUpBodyFor();
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/parties`,
      payload: { occurrenceStartsAt: occurrence, guest: { name: 'Walk-in', email: body.email } },
    });
    const { cookie, user } = await signUpUser(t.app, { email: body.email });
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/parties`,
      headers: { cookie },
      payload: { occurrenceStartsAt: occurrence, friends: 1 },
    });
    expect(own.statusCode).toBe(201);

    await verifyEmailOf(t.app, t.db, body.email);
    const parties = await t.db.select().from(eventParties).where(eq(eventParties.eventId, eventId));
    expect(parties.map((party) => [party.userId, party.guestId, party.partySize])).toEqual([[user.id, null, 2]]);
    expect(await findGuestByEmail(t.db, body.email)).toBeUndefined();
  });

  it('cannot take an email that already has an account', async () => {
    const { body } = await signUpUser(t.app);
    await expect(createGuest(t.db, { name: 'Copycat', email: body.email })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
