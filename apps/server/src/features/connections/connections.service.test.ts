import { randomUUID } from 'node:crypto';
import { connectionMessages } from '@huddle/shared/connections';
import { defaultPrivacySettings } from '@huddle/shared/users';
import { messagesMessages } from '@huddle/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.schema.ts';
import {
  austinCity,
  collectMails,
  createTeamAs,
  insertEvent,
  insertParty,
  insertPlace,
  signUpUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectionRequestLimit } from './connections.routes.ts';
import { connections } from './connections.schema.ts';
import { pairOf } from './connections.repository.ts';

const { mails, mailer } = collectMails();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { mailer });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mails.length = 0;
});

type Person = Awaited<ReturnType<typeof signUpUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, person?: Person, payload?: object) =>
  t.app.inject({ method, url, headers: person ? { cookie: person.cookie } : {}, ...(payload && { payload }) });

const ask = (from: Person, to: Person) => call('POST', `/api/connections/with/${to.user.id}`, from);
const statusWith = async (viewer: Person, other: Person) =>
  (await call('GET', `/api/connections/with/${other.user.id}`, viewer)).json().status as string;
const listOf = async (person: Person) => {
  const reply = (await call('GET', '/api/connections', person)).json() as Record<
    'connections' | 'incoming' | 'outgoing',
    { person: { id: string } }[]
  >;
  return {
    connections: reply.connections.map((item) => item.person.id),
    incoming: reply.incoming.map((item) => item.person.id),
    outgoing: reply.outgoing.map((item) => item.person.id),
  };
};
const notificationsOf = async (person: Person) =>
  (await call('GET', '/api/me/notifications', person)).json().notifications as {
    kind: string;
    title: string;
    category: string;
  }[];
const rowsBetween = (a: Person, b: Person) => {
  const pair = pairOf(a.user.id, b.user.id);
  return t.db.select().from(connections).where(eq(connections.userLow, pair.userLow));
};

describe('requests and answers', () => {
  it('asks, then the other accepts: both are connected, and each was told once', async () => {
    const ana = await signUpUser(t.app, { name: 'Ana Request' });
    const ben = await signUpUser(t.app, { name: 'Ben Accept' });

    const asked = await ask(ana, ben);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: 'requested' });
    expect(await statusWith(ben, ana)).toBe('incoming');
    expect(await listOf(ana)).toEqual({ connections: [], incoming: [], outgoing: [ben.user.id] });
    expect(await listOf(ben)).toEqual({ connections: [], incoming: [ana.user.id], outgoing: [] });
    expect((await notificationsOf(ben)).map(({ kind, category, title }) => ({ kind, category, title }))).toEqual([
      { kind: 'connectionRequest', category: 'connections', title: 'Ana Request wants to connect' },
    ]);
    expect(mails.filter((mail) => mail.to === ben.user.email).map((mail) => mail.subject)).toEqual([
      'Ana Request wants to connect',
    ]);

    const accepted = await call('POST', `/api/connections/with/${ana.user.id}/accept`, ben);
    expect(accepted.json()).toEqual({ status: 'connected' });
    expect(await listOf(ana)).toEqual({ connections: [ben.user.id], incoming: [], outgoing: [] });
    expect(await listOf(ben)).toEqual({ connections: [ana.user.id], incoming: [], outgoing: [] });
    expect((await notificationsOf(ana)).map(({ kind, title }) => ({ kind, title }))).toEqual([
      { kind: 'connectionAccepted', title: 'Ben Accept accepted your connection request' },
    ]);
    // Asking or accepting again changes nothing and tells no one again.
    expect((await ask(ana, ben)).json()).toEqual({ status: 'connected' });
    expect((await call('POST', `/api/connections/with/${ana.user.id}/accept`, ben)).json()).toEqual({
      status: 'connected',
    });
    expect(await notificationsOf(ana)).toHaveLength(1);
    expect(await notificationsOf(ben)).toHaveLength(1);
  });

  it('keeps the connections category switches: mail off sends no mail, the bell still lists it', async () => {
    const ana = await signUpUser(t.app);
    const ben = await signUpUser(t.app);
    const settings = (await call('GET', '/api/me', ben)).json().notificationSettings;
    const saved = await call('PUT', '/api/me/notification-settings', ben, {
      notificationSettings: { ...settings, connections: { email: false, push: false } },
    });
    expect(saved.statusCode).toBe(200);
    await ask(ana, ben);
    expect(mails.filter((mail) => mail.to === ben.user.email)).toEqual([]);
    expect((await notificationsOf(ben)).map((item) => item.kind)).toEqual(['connectionRequest']);
  });

  it('declines without telling the requester; the request is gone and may be made again', async () => {
    const ana = await signUpUser(t.app);
    const ben = await signUpUser(t.app);
    await ask(ana, ben);
    expect((await call('POST', `/api/connections/with/${ana.user.id}/decline`, ben)).json()).toEqual({
      status: 'none',
    });
    expect(await statusWith(ana, ben)).toBe('none');
    expect(await notificationsOf(ana)).toEqual([]);
    expect(await rowsBetween(ana, ben)).toEqual([]);
    // Asking again lists the request again, but the person is not pushed or mailed twice.
    expect((await ask(ana, ben)).json()).toEqual({ status: 'requested' });
    expect(await notificationsOf(ben)).toHaveLength(1);
  });

  it('removes a connection from either side, and takes back an own request', async () => {
    const ana = await signUpUser(t.app);
    const ben = await signUpUser(t.app);
    const cy = await signUpUser(t.app);
    await ask(ana, ben);
    await call('POST', `/api/connections/with/${ana.user.id}/accept`, ben);
    expect((await call('DELETE', `/api/connections/with/${ana.user.id}`, ben)).json()).toEqual({ status: 'none' });
    expect(await listOf(ana)).toEqual({ connections: [], incoming: [], outgoing: [] });

    await ask(ana, cy);
    expect((await call('DELETE', `/api/connections/with/${cy.user.id}`, ana)).json()).toEqual({ status: 'none' });
    expect(await listOf(cy)).toEqual({ connections: [], incoming: [], outgoing: [] });
  });

  it('connects at once with someone who lets people connect without asking, and tells them', async () => {
    const open = await signUpUser(t.app, { name: 'Open Olga' });
    const ana = await signUpUser(t.app, { name: 'Ana Follows' });
    expect((await call('GET', '/api/connections/settings', open)).json()).toEqual({ acceptAutomatically: false });
    const saved = await call('PUT', '/api/connections/settings', open, { acceptAutomatically: true });
    expect(saved.json()).toEqual({ acceptAutomatically: true });

    expect((await ask(ana, open)).json()).toEqual({ status: 'connected' });
    expect(await listOf(open)).toEqual({ connections: [ana.user.id], incoming: [], outgoing: [] });
    expect((await notificationsOf(open)).map(({ kind, title }) => ({ kind, title }))).toEqual([
      { kind: 'connectionAccepted', title: 'Ana Follows connected with you' },
    ]);
    expect(await notificationsOf(ana)).toEqual([]);
  });
});

describe('one connection per pair', () => {
  it('makes one request and one notification from twenty parallel requests', async () => {
    const ana = await signUpUser(t.app);
    const ben = await signUpUser(t.app);
    const replies = await Promise.all(Array.from({ length: 20 }, () => ask(ana, ben)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(replies.map((reply) => reply.json().status))).toEqual(new Set(['requested']));
    expect(await rowsBetween(ana, ben)).toHaveLength(1);
    expect(await notificationsOf(ben)).toHaveLength(1);
  });

  it('turns A asking B and B asking A at the same moment into one connection', async () => {
    for (let round = 0; round < 3; round += 1) {
      const ana = await signUpUser(t.app);
      const ben = await signUpUser(t.app);
      const replies = await Promise.all([ask(ana, ben), ask(ben, ana), ask(ana, ben), ask(ben, ana)]);
      expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
      const rows = await rowsBetween(ana, ben);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('accepted');
      expect(await statusWith(ana, ben)).toBe('connected');
      expect(await statusWith(ben, ana)).toBe('connected');
    }
  });
});

describe('who may do what', () => {
  it('needs a session, refuses oneself, unknown people and blocks either way', async () => {
    const ana = await signUpUser(t.app);
    const ben = await signUpUser(t.app);
    expect((await call('GET', '/api/connections')).statusCode).toBe(401);
    expect((await call('POST', `/api/connections/with/${ben.user.id}`)).statusCode).toBe(401);
    expect((await ask(ana, ana)).statusCode).toBe(400);
    expect((await call('GET', `/api/connections/with/${ana.user.id}`, ana)).json()).toEqual({ status: 'self' });
    const unknown = await call('POST', `/api/connections/with/${randomUUID()}`, ana);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(connectionMessages.userNotFound);

    await call('POST', '/api/me/blocked-users', ben, { userId: ana.user.id });
    const blocked = await ask(ana, ben);
    expect(blocked.statusCode).toBe(403);
    expect((await ask(ben, ana)).statusCode).toBe(403);
    expect(await rowsBetween(ana, ben)).toEqual([]);
  });

  it('lets only the asked person accept or decline, and only the two remove', async () => {
    const ana = await signUpUser(t.app);
    const ben = await signUpUser(t.app);
    const eve = await signUpUser(t.app);
    await ask(ana, ben);
    // Ana cannot accept her own request; Eve has no request from Ana.
    expect((await call('POST', `/api/connections/with/${ben.user.id}/accept`, ana)).statusCode).toBe(404);
    expect((await call('POST', `/api/connections/with/${ana.user.id}/accept`, eve)).statusCode).toBe(404);
    expect((await call('POST', `/api/connections/with/${ana.user.id}/decline`, eve)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/connections/with/${ana.user.id}`, eve)).statusCode).toBe(404);
    // Ben cannot "remove" a request to him: he declines it.
    expect((await call('DELETE', `/api/connections/with/${ana.user.id}`, ben)).statusCode).toBe(404);
    expect(await statusWith(ben, ana)).toBe('incoming');
    // Eve's lists show nothing of the two.
    expect(await listOf(eve)).toEqual({ connections: [], incoming: [], outgoing: [] });
  });

  it('limits requests per person', async () => {
    const ana = await signUpUser(t.app);
    const others = await Promise.all(Array.from({ length: connectionRequestLimit.max + 1 }, () => signUpUser(t.app)));
    const statuses: number[] = [];
    for (const other of others) statuses.push((await ask(ana, other)).statusCode);
    expect(statuses.slice(0, connectionRequestLimit.max)).toEqual(Array(connectionRequestLimit.max).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('messagesFromAnyone off', () => {
  it('lets a connection write first, and no one else', async () => {
    const quiet = await signUpUser(t.app);
    await call('PUT', '/api/me/privacy', quiet, { privacy: { ...defaultPrivacySettings, messagesFromAnyone: false } });
    const friend = await signUpUser(t.app);
    const conversation = (await call('POST', '/api/conversations/direct', friend, { userId: quiet.user.id })).json()
      .id as string;
    const send = () =>
      call('POST', `/api/conversations/${conversation}/messages`, friend, { clientId: randomUUID(), text: 'hi' });

    const refused = await send();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messagesMessages.onlyPeopleTheyKnow);
    // A pending request is not enough.
    await ask(friend, quiet);
    expect((await send()).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${quiet.user.id}/profile`, friend)).json().canMessage).toBe(false);

    await call('POST', `/api/connections/with/${friend.user.id}/accept`, quiet);
    expect((await send()).statusCode).toBe(201);
    expect((await call('GET', `/api/users/${quiet.user.id}/profile`, friend)).json().canMessage).toBe(true);
  });
});

describe('people you played with and suggestions', () => {
  it('lists teammates and people from the same games with their connection status; suggests by team, game, city and sport', async () => {
    const me = await signUpUser(t.app, { name: 'Me Player' });
    const teammate = await signUpUser(t.app, { name: 'Tea Mate' });
    const gameMate = await signUpUser(t.app, { name: 'Gam Mate' });
    const neighbour = await signUpUser(t.app, { name: 'Nei Bour' });
    const farAway = await signUpUser(t.app, { name: 'Far Away' });
    const stranger = await signUpUser(t.app, { name: 'Str Anger' });
    await t.db
      .update(users)
      .set({
        defaultCityName: austinCity.name,
        defaultCityLat: austinCity.lat,
        defaultCityLng: austinCity.lng,
        games: ['Pickleball'],
      })
      .where(eq(users.id, me.user.id));
    await t.db
      .update(users)
      .set({ defaultCityName: 'Round Rock, TX', defaultCityLat: 30.5083, defaultCityLng: -97.6789 })
      .where(eq(users.id, neighbour.user.id));
    await t.db
      .update(users)
      .set({
        defaultCityName: 'Seattle, WA',
        defaultCityLat: 47.6062,
        defaultCityLng: -122.3321,
        games: ['Pickleball'],
      })
      .where(eq(users.id, farAway.user.id));

    const team = await createTeamAs(t.app, me.cookie, { joinPolicy: 'open' });
    expect((await call('POST', `/api/teams/${team.id}/join`, teammate)).statusCode).toBe(200);
    const place = await insertPlace(t.db);
    const event = await insertEvent(t.db, { creatorId: stranger.user.id, placeId: place.id });
    await insertParty(t.db, { eventId: event.id, userId: me.user.id, occurrenceStartsAt: event.startsAt });
    await insertParty(t.db, { eventId: event.id, userId: gameMate.user.id, occurrenceStartsAt: event.startsAt });
    await ask(me, gameMate);

    const playedWith = (await call('GET', '/api/connections/played-with', me)).json().people as {
      person: { displayName: string };
      sharedGames: number;
      sharedTeams: number;
      status: string;
    }[];
    expect(
      playedWith
        .map((item) => ({
          name: item.person.displayName,
          games: item.sharedGames,
          teams: item.sharedTeams,
          status: item.status,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'Gam Mate', games: 1, teams: 0, status: 'requested' },
      // The game's organizer counts: Me joined Str Anger's game.
      { name: 'Str Anger', games: 1, teams: 0, status: 'none' },
      { name: 'Tea Mate', games: 0, teams: 1, status: 'none' },
    ]);

    const suggestions = (await call('GET', '/api/connections/suggestions', me)).json().people as {
      person: { displayName: string };
      reasons: string[];
      sharedSports: string[];
    }[];
    const byName = new Map(suggestions.map((item) => [item.person.displayName, item]));
    expect(byName.get('Tea Mate')?.reasons).toEqual(['sameTeam']);
    expect(byName.get('Nei Bour')?.reasons).toEqual(['nearby']);
    expect(byName.get('Far Away')).toMatchObject({ reasons: ['sharedSport'], sharedSports: ['Pickleball'] });
    // Already asked: not suggested again.
    expect(byName.has('Gam Mate')).toBe(false);
    // A teammate ranks above a neighbour.
    const names = suggestions.map((item) => item.person.displayName);
    expect(names.indexOf('Tea Mate')).toBeLessThan(names.indexOf('Nei Bour'));

    // Someone blocked leaves both lists.
    await call('POST', '/api/me/blocked-users', teammate, { userId: me.user.id });
    const after = (await call('GET', '/api/connections/played-with', me)).json().people as {
      person: { displayName: string };
    }[];
    expect(after.map((item) => item.person.displayName)).not.toContain('Tea Mate');
    const suggestedAfter = (await call('GET', '/api/connections/suggestions', me)).json().people as {
      person: { displayName: string };
    }[];
    expect(suggestedAfter.map((item) => item.person.displayName)).not.toContain('Tea Mate');
  });
});
