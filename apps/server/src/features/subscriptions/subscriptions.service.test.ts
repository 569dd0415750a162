import { subscriptionsOffMessage } from '@huddle/shared/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { setFlag } from '../feature-flags/feature-flags.service.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';

type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let owner: User;
let organizer: User;
let player: User;
let stranger: User;
let teamId: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, organizer, player, stranger] = await Promise.all([
    signUpUser(t.app),
    signUpUser(t.app),
    signUpUser(t.app),
    signUpUser(t.app),
  ]);
  teamId = (await createTeamAs(t.app, owner.cookie, { visibility: 'private', joinPolicy: 'invite' })).id;
  await t.db.insert(teamMembers).values([
    { teamId, userId: organizer.user.id, role: 'organizer' },
    { teamId, userId: player.user.id, role: 'player' },
  ]);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await setFlag(t.db, 'subscriptions', true);
});

const get = (url: string, who?: User) => t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });

describe('plans (spec §1, §3, §7)', () => {
  it('lists the three collections: team plans monthly, user plans of gth and meh yearly, a free tier first', async () => {
    const response = await get('/api/plans');
    expect(response.statusCode).toBe(200);
    const plans = response.json();
    expect(plans.platform).toBe('gth');
    for (const list of ['teams', 'gth', 'meh'] as const) {
      expect(plans[list].length).toBeGreaterThanOrEqual(3);
      expect(plans[list][0]).toMatchObject({ priceId: null, cost: 0 });
      for (const plan of plans[list]) {
        expect(plan.list).toBe(list);
        expect(plan.interval).toBe(list === 'teams' ? 'month' : 'year');
        expect(Number.isInteger(plan.cost)).toBe(true);
        expect(plan.features.length).toBeGreaterThan(0);
        expect(plan.priceId === null).toBe(plan.cost === 0);
      }
    }
    expect(plans.teams[0]).toMatchObject({ id: 'rookie', label: 'Rookie', item: 'teams' });
    expect(plans.gth[0]).toMatchObject({ id: 'free', label: 'Free', item: 'user' });
    expect(plans.meh[0]).toMatchObject({ id: 'free', label: 'Free', item: 'user' });
    const paid = [...plans.teams, ...plans.gth, ...plans.meh].filter((plan) => plan.priceId !== null);
    expect(new Set(paid.map((plan) => plan.priceId)).size).toBe(paid.length);
  });

  it('PLATFORM=meh makes meh the user list', async () => {
    const meh = await createTestApp({ PLATFORM: 'meh' });
    try {
      expect((await meh.app.inject({ url: '/api/plans' })).json().platform).toBe('meh');
      expect((await meh.app.inject({ url: '/api/config' })).json().platform).toBe('meh');
      const user = await signUpUser(meh.app);
      const mine = (await meh.app.inject({ url: '/api/me/subscription', headers: { cookie: user.cookie } })).json();
      expect(mine.subscription).toMatchObject({ list: 'meh', planId: 'free', label: 'Free' });
      expect(mine.userSubscription).toMatchObject({ list: 'gth', planId: 'free' });
    } finally {
      await meh.close();
    }
  });
});

describe('subscription state (spec §2, §3, §4)', () => {
  it('a new team is on Rookie with no active subscription', async () => {
    const response = await get(`/api/teams/${teamId}/subscription`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      teamId,
      canChange: true,
      subscription: {
        list: 'teams',
        planId: 'rookie',
        label: 'Rookie',
        status: 'none',
        active: false,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      },
    });
    const [team] = await t.db.select({ subscription: teams.subscription }).from(teams).where(eq(teams.id, teamId));
    expect(team?.subscription).toBe('Rookie');
  });

  it("organizers see the team's plan but cannot change it; players 403, outsiders of a private team 404, anonymous 401", async () => {
    const organizerView = await get(`/api/teams/${teamId}/subscription`, organizer);
    expect(organizerView.statusCode).toBe(200);
    expect(organizerView.json().canChange).toBe(false);
    expect((await get(`/api/teams/${teamId}/subscription`, player)).statusCode).toBe(403);
    expect((await get(`/api/teams/${teamId}/subscription`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/teams/${teamId}/subscription`)).statusCode).toBe(401);
  });

  it('a user defaults to Free on both variants; the plan says which kinds it covers', async () => {
    const response = await get('/api/me/subscription', player);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      platform: 'gth',
      subscription: {
        list: 'gth',
        planId: 'free',
        label: 'Free',
        active: false,
        kinds: { teams: false, tournaments: false, 'drop-in': true },
      },
      userSubscription: { list: 'meh', planId: 'free', label: 'Free', active: false },
    });
    const [row] = await t.db
      .select({ subscription: users.subscription })
      .from(users)
      .where(eq(users.id, player.user.id));
    expect(row?.subscription).toBe('Free');
  });
});

describe('the subscriptions flag (spec §1)', () => {
  it('off: every plan and subscription route answers 404, without a restart; on again: back', async () => {
    await setFlag(t.db, 'subscriptions', false);
    for (const [url, who] of [
      ['/api/plans', undefined],
      [`/api/teams/${teamId}/subscription`, owner],
      ['/api/me/subscription', player],
    ] as const) {
      const response = await get(url, who);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(subscriptionsOffMessage);
    }
    expect((await get('/api/config')).json().flags.subscriptions).toBe(false);
    await setFlag(t.db, 'subscriptions', true);
    expect((await get('/api/plans')).statusCode).toBe(200);
  });
});
