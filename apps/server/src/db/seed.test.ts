import { and, count, eq, isNotNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilities, eventParties, events, places, teams, users } from './schema.ts';
import { seedDemoEvents } from './seed-events.ts';
import { seedDemoTalk } from './seed-talk.ts';
import { seedDemoPosts } from './seed-posts.ts';
import { seedDemoConnections } from './seed-connections.ts';
import { seedDemoPartners } from './seed-partners.ts';
import { seedDemoTournament } from './seed-tournaments.ts';
import { seedDemoOrganizerPages } from './seed-organizer-pages.ts';
import { seedDemoPayees, seedDemoPayments } from './seed-payments.ts';
import { demoAccount, seedDemoCommunity } from './seed.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seedDemoCommunity', () => {
  it('seeds about 30 located players once, with a working demo sign-in', async () => {
    expect(await seedDemoCommunity(t.db)).toEqual({ seeded: true, ...demoAccount });
    const [located] = await t.db.select({ total: count() }).from(users).where(isNotNull(users.defaultCityGeohash));
    expect(located?.total).toBe(30);

    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccount });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ displayName: 'Demo Organizer', defaultCity: { name: 'Austin, TX' } });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    const mine = (await t.app.inject({ url: '/api/me/teams', headers: { cookie } })).json().teams;
    expect(mine.map((team: { name: string; role: string }) => [team.name, team.role])).toEqual([
      ['Austin Pickup Soccer', 'owner'],
      ['Eastside Pickleball Club', 'organizer'],
      ['Zilker Ultimate', 'player'],
    ]);
    expect(mine[0].nextActivityAt).toEqual(expect.stringMatching(/^\d{4}-/));
    const card = (await t.app.inject({ url: '/api/me/registrations', headers: { cookie } })).json().registrations;
    expect(card.map((entry: { seasonLabel: string }) => entry.seasonLabel).sort()).toEqual([
      'Spring League',
      'Winter Ladder',
    ]);
    const [league] = (await t.app.inject({ url: `/api/teams/${mine[0].id}/seasons` })).json().seasons;
    expect(league).toMatchObject({
      registrationOpen: true,
      registeredCount: 13,
      groups: [{ name: 'Division A' }, { name: 'Division B' }],
    });

    expect(await seedDemoCommunity(t.db)).toEqual({ seeded: false, ...demoAccount });
    const [all] = await t.db.select({ total: count() }).from(users);
    expect(all?.total).toBe(30);
  });

  it('sends a seeded player without a password a link to set one (NoPasswordSet)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'maya.alvarez@huddle.test', password: 'anything-at-all' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('NO_PASSWORD_SET');
  });

  it('adds places and games around Austin once, none over capacity, one cancelled', async () => {
    expect(await seedDemoEvents(t.db)).toBe(true);
    const [placeCount] = await t.db.select({ total: count() }).from(places);
    expect(placeCount?.total).toBe(8);
    const rows = await t.db.select().from(events);
    expect(rows).toHaveLength(11);
    expect(rows.filter((row) => row.cancelledAt !== null).map((row) => row.title)).toEqual(['Rainy Day Kickabout']);
    expect(rows.every((row) => row.startsAt > new Date() && row.seriesEndsAt >= row.endsAt)).toBe(true);
    for (const row of rows) {
      const [joined] = await t.db
        .select({ people: sum(eventParties.partySize) })
        .from(eventParties)
        .where(and(eq(eventParties.eventId, row.id), eq(eventParties.status, 'joined')));
      expect(Number(joined?.people ?? 0)).toBeLessThanOrEqual(row.slots);
    }
    const waiting = await t.db.select().from(eventParties).where(eq(eventParties.status, 'waitlisted'));
    expect(waiting).toHaveLength(5);
    expect(await seedDemoEvents(t.db)).toBe(false);
  });

  it('gives the players levels, so "Make teams" on the demo’s Saturday Futsal splits them for real', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccount });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    const [futsal] = await t.db.select().from(events).where(eq(events.title, 'Saturday Futsal'));
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/events/${futsal!.id}/teams/make`,
      headers: { cookie },
      payload: {
        occurrenceStartsAt: futsal!.startsAt.toISOString(),
        version: null,
        teamCount: 2,
        source: 'joined',
        keepParties: true,
      },
    });
    expect(made.statusCode).toBe(200);
    const { sheet } = made.json();
    const members = sheet.teams.flatMap((team: { members: { level: number }[] }) => team.members);
    expect(members).toHaveLength(10);
    expect(new Set(members.map((member: { level: number }) => member.level)).size).toBeGreaterThan(2);
    expect(sheet.balance.spread).toBeLessThan(0.6);
  });

  it('gives the players weekly availability and a couple of exceptions, so "Find a time" ranks real times', async () => {
    const stored = await t.db.select().from(availabilities);
    expect(stored.length).toBeGreaterThanOrEqual(20);
    expect(stored.filter((row) => row.dates.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(new Set(stored.map((row) => row.timeZone))).toEqual(new Set(['America/Chicago', 'America/New_York']));

    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccount });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    const [soccer] = await t.db.select().from(teams).where(eq(teams.name, 'Austin Pickup Soccer'));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const found = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${soccer!.id}/find-a-time`,
      headers: { cookie },
      payload: { startDate: tomorrow, days: 14, durationMinutes: 90 },
    });
    expect(found.statusCode).toBe(200);
    const { slots, noAvailability } = found.json();
    expect(slots.length).toBeGreaterThan(5);
    expect(slots[0].freeCount).toBeGreaterThanOrEqual(5);
    expect(noAvailability.length).toBeGreaterThan(0);
  });

  it('gives the demo a team chat, a direct conversation and notifications once, with unread to see', async () => {
    expect(await seedDemoTalk(t.db)).toBe(true);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccount });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    const list = (await t.app.inject({ url: '/api/conversations', headers: { cookie } })).json().conversations;
    expect(
      list.map((conversation: { kind: string; unreadCount: number }) => [conversation.kind, conversation.unreadCount]),
    ).toEqual([
      ['direct', 1],
      ['team', 1],
    ]);
    expect((await t.app.inject({ url: '/api/conversations/unread', headers: { cookie } })).json().unreadCount).toBe(2);
    const items = (await t.app.inject({ url: '/api/me/notifications', headers: { cookie } })).json().notifications;
    expect(items.map((item: { kind: string; read: boolean }) => [item.kind, item.read])).toEqual([
      ['teamMessage', false],
      ['playerJoined', true],
    ]);
    // About a game that is on, not the cancelled one.
    expect(items[1].title).not.toContain('Rainy Day Kickabout');
    expect(await seedDemoTalk(t.db)).toBe(false);
  });

  it('puts a few posts near Austin on the board once, with a reply thread, read nearest first by the demo', async () => {
    expect(await seedDemoPosts(t.db)).toBe(true);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccount });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    const board = (await t.app.inject({ url: '/api/posts', headers: { cookie } })).json();
    expect(board.order).toBe('nearest');
    expect(board.posts).toHaveLength(5);
    const keeper = board.posts.find((post: { title: string }) => post.title === 'Keeper needed for Saturday 9am');
    expect(keeper).toMatchObject({ category: 'play-competition', subcategory: 'sub-needed', replyCount: 2 });
    const thread = (await t.app.inject({ url: `/api/posts/${keeper.id}` })).json().replies;
    expect(thread.map((reply: { parentId: string | null }) => reply.parentId)).toEqual([null, thread[0].id]);
    expect(await seedDemoPosts(t.db)).toBe(false);
  });

  it('gives the demo three connections, a request to answer and one sent, once', async () => {
    expect(await seedDemoConnections(t.db)).toBe(true);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccount });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    const list = (await t.app.inject({ url: '/api/connections', headers: { cookie } })).json();
    expect([list.connections.length, list.incoming.length, list.outgoing.length]).toEqual([3, 1, 1]);
    expect(await seedDemoConnections(t.db)).toBe(false);
  });

  it('runs the demo community’s tournament once: six teams, scheduled, the first match played, public', async () => {
    expect(await seedDemoTournament(t.db)).toBe(true);
    const league = (await t.app.inject({ url: '/api/teams?search=Austin%20Pickup%20Soccer' })).json();
    const teamId = league.teams?.[0]?.id as string | undefined;
    expect(teamId).toBeTruthy();
    // Signed out: the community is public, so is its tournament.
    const list = (await t.app.inject({ url: `/api/teams/${teamId}/tournaments` })).json();
    expect(list.tournaments).toHaveLength(1);
    const cup = (await t.app.inject({ url: `/api/tournaments/${list.tournaments[0].id}` })).json();
    expect(cup.name).toBe('Austin Winter Cup');
    expect(cup.entrants).toHaveLength(6);
    const played = cup.matches.filter(
      (match: { winnerEntrantId: string | null; homeScore: number | null }) => match.homeScore !== null,
    );
    expect(played).toHaveLength(1);
    expect(await seedDemoTournament(t.db)).toBe(false);
  });

  it('lists a partner of each kind in Austin once, the league with the demo soccer community’s events', async () => {
    expect(await seedDemoPartners(t.db)).toBe(true);
    const at = `lat=${30.2672}&lng=${-97.7431}`;
    for (const type of ['venue', 'shop', 'coach', 'league']) {
      const list = (await t.app.inject({ url: `/api/partners?type=${type}&${at}` })).json();
      expect(list.partners.length, type).toBeGreaterThan(0);
      expect(list.partners[0].cityName).toBe('Austin, TX');
    }
    const venue = (await t.app.inject({ url: `/api/partners?type=venue&${at}` })).json().partners[0];
    // The ended summer special is hidden; the open-play offer shows.
    const page = (await t.app.inject({ url: `/api/partners/${venue.id}` })).json();
    expect(page.offers.map((offer: { title: string }) => offer.title)).toEqual(['First open play free']);
    const league = (await t.app.inject({ url: '/api/partners?type=league' })).json().partners[0];
    const events = (await t.app.inject({ url: `/api/partners/${league.id}/events` })).json();
    expect(events.team.name).toBe('Austin Pickup Soccer');
    expect(events.events.length).toBeGreaterThan(0);
    expect(await seedDemoPartners(t.db)).toBe(false);
  });

  it('gives the demo invoices, and transactions once a Stripe account is connected, once', async () => {
    expect(await seedDemoPayments(t.db)).toBe(true);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccount });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    const invoices = (await t.app.inject({ url: '/api/invoices', headers: { cookie } })).json().invoices;
    expect(invoices.map((invoice: { status: string }) => invoice.status)).toEqual(['refunded', 'paid']);
    expect((await t.app.inject({ url: '/api/transactions', headers: { cookie } })).statusCode).toBe(403);
    await t.db.update(users).set({ stripeId: 'acct_demo' }).where(eq(users.email, demoAccount.email));
    const { totals } = (await t.app.inject({ url: '/api/transactions', headers: { cookie } })).json();
    expect(totals).toEqual({ count: 8, grossCents: 20000, refundedCents: 3750, feeCents: 1000, netCents: 15250 });
    expect(await seedDemoPayments(t.db)).toBe(false);
  });

  it('gives the organizers of priced demo games and the owners of fee seasons a complete local Stripe account', async () => {
    // The test above gave the demo a made-up account id; a fresh demo has none.
    await t.db
      .update(users)
      .set({ stripeId: null, stripeChargesEnabled: false })
      .where(eq(users.email, demoAccount.email));
    expect(await seedDemoPayees(t.db)).toBeGreaterThan(0);
    // The demo owns the team of the Spring League ($25): its fee can be paid and kept when edited.
    const [demoRow] = await t.db.select().from(users).where(eq(users.email, demoAccount.email));
    expect(demoRow).toMatchObject({ stripeChargesEnabled: true, stripeId: expect.stringMatching(/^acct_demo/) });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccount });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    const priced = await t.db.select().from(events).where(isNotNull(events.priceCents));
    const clinic = priced.find((event) => event.title === 'Beginner Pickleball Clinic');
    // The demo joins it through Checkout: a held spot and the local Checkout page.
    const checkout = await t.app.inject({
      method: 'POST',
      url: `/api/events/${clinic?.id}/checkout`,
      headers: { cookie },
      payload: { occurrenceStartsAt: clinic?.startsAt.toISOString() },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json()).toMatchObject({
      outcome: 'checkout',
      url: expect.stringContaining('/local-stripe/checkout/'),
    });
    expect(await seedDemoPayees(t.db)).toBe(0);
  });

  it('gives the demo a published sign-up form with submissions and its community’s published website, once', async () => {
    expect(await seedDemoOrganizerPages(t.db)).toBe(true);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccount });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    const [form] = (await t.app.inject({ url: '/api/forms', headers: { cookie } })).json().forms;
    expect(form).toMatchObject({ title: 'Sunday pickup sign-up', status: 'published', submissionCount: 3 });
    const listed = (await t.app.inject({ url: `/api/forms/${form.id}/submissions`, headers: { cookie } })).json();
    expect(listed.submissions.map((row: { answers: { position: string } }) => row.answers.position).sort()).toEqual([
      'attack',
      'keeper',
      'midfield',
    ]);
    // Public: the form to fill, and the community's website.
    expect((await t.app.inject({ url: `/api/forms/${form.id}` })).json().availability).toBe('open');
    const teamId = (await t.app.inject({ url: `/api/forms/${form.id}` })).json().team.id;
    expect((await t.app.inject({ url: `/api/teams/${teamId}/website` })).statusCode).toBe(200);
    expect(await seedDemoOrganizerPages(t.db)).toBe(false);
  });
});
