import { seasonFullMessage } from '@huddle/shared/seasons';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registrations, seasons } from './seasons.schema.ts';

/**
 * Issue 10: a season's places are handed out by registrations (players and guests) and changed by
 * its organizers; both take the season's row lock, so the registrations never pass the capacity.
 */
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let owner: User;
let teamId: string;
let players: User[];
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpUser(t.app);
  teamId = (await createTeamAs(t.app, owner.cookie)).id;
  players = await Promise.all(Array.from({ length: 12 }, () => signUpUser(t.app)));
});
afterAll(async () => {
  await t.close();
});

type Method = 'POST' | 'PUT';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const seasonBody = (capacity: number) => ({
  label: 'Autumn 2027',
  startsOn: '2027-09-01',
  endsOn: '2027-11-30',
  registrationOpensAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  registrationClosesAt: '2027-08-31T23:00:00Z',
  capacity,
  feeCents: null,
  status: 'published',
});
/** Guests register from their own client addresses: guest registrations are limited per address. */
let guestAddress = 0;
const register = (seasonId: string, cookie: string, guest: { name: string; email: string } | null = null) => {
  if (!guest) return call('POST', `/api/seasons/${seasonId}/registrations`, cookie, {});
  guestAddress += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/seasons/${seasonId}/registrations`,
    remoteAddress: `192.0.2.${guestAddress}`,
    payload: { guest },
  });
};
const setCapacity = (seasonId: string, capacity: number) =>
  call('PUT', `/api/seasons/${seasonId}`, owner.cookie, seasonBody(capacity));

async function seasonWith(capacity: number) {
  const created = await call('POST', `/api/teams/${teamId}/seasons`, owner.cookie, seasonBody(capacity));
  if (created.statusCode !== 201) throw new Error(created.body);
  return created.json().id as string;
}
async function capacityAndRegistered(seasonId: string) {
  const [season] = await t.db.select({ capacity: seasons.capacity }).from(seasons).where(eq(seasons.id, seasonId));
  const [taken] = await t.db.select({ total: count() }).from(registrations).where(eq(registrations.seasonId, seasonId));
  return { capacity: season?.capacity, registered: taken?.total ?? 0 };
}

describe('season registration stays within the capacity (issue 10)', () => {
  it('refuses a capacity below the registrations already made, beside the field', async () => {
    const seasonId = await seasonWith(6);
    for (const player of players.slice(0, 4)) expect((await register(seasonId, player.cookie)).statusCode).toBe(201);
    const lowered = await setCapacity(seasonId, 3);
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().error.fields.capacity).toEqual(['4 people have registered already; keep at least 4 places.']);
    expect((await setCapacity(seasonId, 4)).statusCode).toBe(200);
    expect((await register(seasonId, players[4]!.cookie)).json().error.message).toBe(seasonFullMessage);
  });

  it('players and guests registering while the capacity is lowered never end above it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const seasonId = await seasonWith(10);
      for (const player of players.slice(0, 4)) await register(seasonId, player.cookie);
      const replies = await Promise.all([
        ...players.slice(4, 10).map((player) => register(seasonId, player.cookie)),
        ...[1, 2, 3].map((guest) =>
          register(seasonId, '', { name: `Guest ${guest}`, email: `season-guest-${round}-${guest}@example.com` }),
        ),
        setCapacity(seasonId, 6),
      ]);
      const lowered = replies.at(-1);
      const { capacity, registered } = await capacityAndRegistered(seasonId);
      expect(registered).toBeLessThanOrEqual(capacity ?? 0);
      // Lowered first (to 6, the rest refused as full), or refused because more had registered.
      expect(lowered?.statusCode === 200 ? [capacity, registered] : [capacity, lowered?.statusCode]).toEqual(
        lowered?.statusCode === 200 ? [6, 6] : [10, 400],
      );
      const refused = replies.slice(0, -1).filter((reply) => reply.statusCode === 409);
      for (const reply of refused) expect(reply.json().error.message).toBe(seasonFullMessage);
      expect(refused).toHaveLength(13 - registered);
    }
  });
});
