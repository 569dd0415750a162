import { onlyOwnerChangesPlanMessage } from '@huddle/shared/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, payOnLocalCheckout, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { setFlag } from '../feature-flags/feature-flags.service.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { subscriptions } from './subscriptions.schema.ts';

/**
 * Issue 13, subscriptions through the local provider (decision 029) and its billing resources
 * (decision 030): Checkout, the webhooks, plan changes, cancelling, the portal, and the rule of
 * one running subscription per subscriber, also under parallel requests.
 */

type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let owner: User;
let organizer: User;
let stranger: User;

const varsity = { price: 'price_huddle_team_varsity_monthly', cost: 999, name: 'Varsity' };
const allStar = { price: 'price_huddle_team_allstar_monthly', cost: 2499, name: 'All-Star' };
const rookie = { price: null, cost: 0, name: 'Rookie' };
const playerPlus = { price: 'price_huddle_gth_player_plus_yearly', cost: 2999, name: 'Player Plus' };
type Choice = { price: string | null; cost: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  [owner, organizer, stranger] = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await setFlag(t.db, 'subscriptions', true);
});

async function newTeam(): Promise<string> {
  const { id } = await createTeamAs(t.app, owner.cookie, { visibility: 'private', joinPolicy: 'invite' });
  await t.db.insert(teamMembers).values({ teamId: id, userId: organizer.user.id, role: 'organizer' });
  return id;
}

const item = (id: string, choice: Choice, type: 'teams' | 'user' = 'teams') => ({
  id,
  name: choice.name,
  quantity: 1,
  cost: choice.cost,
  type,
  subscriptionPriceId: choice.price,
  platform: 'gth',
});

const choose = (who: User, id: string, choice: Choice, type: 'teams' | 'user' = 'teams') =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: { cookie: who.cookie },
    payload: { items: [item(id, choice, type)] },
  });

/** The local Checkout page's Pay button. */
const pay = (url: string) => payOnLocalCheckout(t.app, url);

async function subscribe(teamId: string, choice: Choice = varsity) {
  const response = await choose(owner, teamId, choice);
  expect(response.statusCode).toBe(200);
  const reply = response.json();
  expect(reply.outcome).toBe('checkout');
  return pay(reply.url as string);
}

const teamState = async (teamId: string) =>
  (await t.app.inject({ url: `/api/teams/${teamId}/subscription`, headers: { cookie: owner.cookie } })).json()
    .subscription;
const teamLabel = async (teamId: string) =>
  (await t.db.select({ label: teams.subscription }).from(teams).where(eq(teams.id, teamId)))[0]?.label;

describe('subscribing through Checkout (spec §4, §7)', () => {
  it('a first paid plan opens the local Checkout; paying starts the plan through the webhook', async () => {
    const teamId = await newTeam();
    const response = await choose(owner, teamId, varsity);
    expect(response.statusCode).toBe(200);
    const { outcome, url } = response.json();
    expect(outcome).toBe('checkout');
    expect(url).toMatch(/^http:\/\/localhost:3000\/local-stripe\/checkout\/cs_test_/);
    // Nothing changes before the payment.
    expect((await teamState(teamId)).active).toBe(false);
    const page = await t.app.inject({ url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test payments');
    expect(page.body).toContain('$9.99');

    const back = await pay(url);
    expect(back).toBe(`http://localhost:3000/community/pricing?team=${teamId}&checkout=success`);
    const state = await teamState(teamId);
    expect(state).toMatchObject({ planId: 'varsity', label: 'Varsity', status: 'active', active: true });
    const start = Date.parse(state.currentPeriodStart);
    const end = Date.parse(state.currentPeriodEnd);
    expect(Math.abs(start - Date.now())).toBeLessThan(60_000);
    // Monthly: 28 to 31 days.
    expect((end - start) / 86_400_000).toBeGreaterThanOrEqual(28);
    expect((end - start) / 86_400_000).toBeLessThanOrEqual(31);
    expect(await teamLabel(teamId)).toBe('Varsity');
  });

  it('paid to paid is a change of the running subscription; a free plan cancels back to Rookie', async () => {
    const teamId = await newTeam();
    await subscribe(teamId, varsity);
    const [before] = await t.db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));

    const change = await choose(owner, teamId, allStar);
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ outcome: 'changed', subscription: { planId: 'all-star', active: true } });
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
    expect(after?.stripeSubscriptionId).toBe(before?.stripeSubscriptionId);
    expect(await teamLabel(teamId)).toBe('All-Star');

    const same = await choose(owner, teamId, allStar);
    expect(same.json().outcome).toBe('unchanged');

    const cancel = await choose(owner, teamId, rookie);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      outcome: 'cancelled',
      subscription: { planId: 'rookie', label: 'Rookie', active: false, currentPeriodStart: null },
    });
    expect(await teamLabel(teamId)).toBe('Rookie');
    // Stripe has it cancelled too.
    const cancelled = await t.payments.stripe.subscriptions.retrieve(before?.stripeSubscriptionId ?? '');
    expect(cancelled.status).toBe('canceled');
    const again = await choose(owner, teamId, rookie);
    expect(again.json().outcome).toBe('unchanged');
  });

  it('cancelSubscription(type, id, platform) cancels; with nothing running it is 409', async () => {
    const teamId = await newTeam();
    const cancel = (who: User) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/cancel',
        headers: { cookie: who.cookie },
        payload: { type: 'teams', id: teamId, platform: 'gth' },
      });
    expect((await cancel(owner)).statusCode).toBe(409);
    await subscribe(teamId);
    expect((await cancel(organizer)).statusCode).toBe(403);
    expect((await cancel(stranger)).statusCode).toBe(404);
    const response = await cancel(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json().subscription).toMatchObject({ planId: 'rookie', active: false });
  });

  it('a user subscribes to a player plan on this variant; the kinds it covers follow', async () => {
    const player = await signUpUser(t.app);
    const response = await choose(player, player.user.id, playerPlus, 'user');
    expect(response.json().outcome).toBe('checkout');
    expect(await pay(response.json().url)).toBe('http://localhost:3000/community/pricing?for=me&checkout=success');
    const mine = (await t.app.inject({ url: '/api/me/subscription', headers: { cookie: player.cookie } })).json();
    expect(mine.subscription).toMatchObject({
      planId: 'player-plus',
      active: true,
      kinds: { 'drop-in': true, tournaments: true, teams: false },
    });
    const end = Date.parse(mine.subscription.currentPeriodEnd) - Date.parse(mine.subscription.currentPeriodStart);
    expect(end / 86_400_000).toBeGreaterThanOrEqual(365);
    const [row] = await t.db.select({ label: users.subscription }).from(users).where(eq(users.id, player.user.id));
    expect(row?.label).toBe('Player Plus');
  });
});

describe('who may change a plan (spec §6)', () => {
  it('only the owner: organizers 403 with the reason, outsiders of a private team 404, anonymous 401', async () => {
    const teamId = await newTeam();
    const byOrganizer = await choose(organizer, teamId, varsity);
    expect(byOrganizer.statusCode).toBe(403);
    expect(byOrganizer.json().error.message).toBe(onlyOwnerChangesPlanMessage);
    expect((await choose(stranger, teamId, varsity)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { items: [item(teamId, varsity)] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await choose(stranger, 'not-a-team', varsity)).statusCode).toBe(404);
  });

  it('nobody buys a plan for another user, a team plan for a user, or at a stale price', async () => {
    const teamId = await newTeam();
    expect((await choose(stranger, owner.user.id, playerPlus, 'user')).statusCode).toBe(403);
    const wrongList = await choose(owner, owner.user.id, varsity, 'user');
    expect(wrongList.statusCode).toBe(400);
    expect(wrongList.json().error.fields).toHaveProperty(['items.0.subscriptionPriceId']);
    const stale = await choose(owner, teamId, { ...varsity, cost: 500 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.fields).toHaveProperty(['items.0.cost']);
    const otherVariant = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: { cookie: owner.cookie },
      payload: { items: [{ ...item(teamId, varsity), platform: 'meh' }] },
    });
    expect(otherVariant.statusCode).toBe(400);
  });

  it('the subscriptions flag off refuses every write (404)', async () => {
    const teamId = await newTeam();
    await setFlag(t.db, 'subscriptions', false);
    expect((await choose(owner, teamId, varsity)).statusCode).toBe(404);
  });
});

describe('one running subscription per subscriber (the invariant)', () => {
  it('parallel requests for the same plan get one Checkout', async () => {
    const teamId = await newTeam();
    const replies = await Promise.all(Array.from({ length: 8 }, () => choose(owner, teamId, varsity)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(replies.map((reply) => reply.json().url)).size).toBe(1);
  });

  it('two Checkouts paid (two tabs, two plans) leave one running subscription; the second is cancelled', async () => {
    const teamId = await newTeam();
    const first = (await choose(owner, teamId, varsity)).json().url as string;
    const second = (await choose(owner, teamId, allStar)).json().url as string;
    expect(second).not.toBe(first);
    await Promise.all([pay(first), pay(second)]);
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('active');
    const customer = rows[0]?.stripeCustomerId ?? '';
    const running = await t.app.inject({ url: `/api/teams/${teamId}/subscription`, headers: { cookie: owner.cookie } });
    expect(running.json().subscription.active).toBe(true);
    const { data } = await t.payments.stripe.subscriptions.list({ customer, status: 'all' });
    expect(data.filter((subscription) => subscription.status === 'active')).toHaveLength(1);
    expect(data.filter((subscription) => subscription.status === 'canceled')).toHaveLength(1);
    expect(data.find((subscription) => subscription.status === 'active')?.id).toBe(rows[0]?.stripeSubscriptionId);
  });

  it('the completion delivered again, twenty times at once, still leaves one subscription', async () => {
    const teamId = await newTeam();
    await subscribe(teamId);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
    const local = t.payments.localStripe!.context();
    const [session] = await local.store.list('checkout.session', { subscription: row?.stripeSubscriptionId });
    expect(session).toBeDefined();
    await Promise.all(Array.from({ length: 20 }, () => local.emit('checkout.session.completed', session!)));
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      stripeSubscriptionId: row?.stripeSubscriptionId,
      planId: 'varsity',
      status: 'active',
    });
    const { data } = await t.payments.stripe.subscriptions.list({ customer: row?.stripeCustomerId ?? '' });
    expect(data).toHaveLength(1);
  });

  it('a late or replayed event for a cancelled subscription leaves Rookie (the core re-reads it)', async () => {
    const teamId = await newTeam();
    await subscribe(teamId);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
    const stale = await t.payments.stripe.subscriptions.retrieve(row?.stripeSubscriptionId ?? '');
    await choose(owner, teamId, rookie);
    // The old "active" copy arrives after the cancel, as a new event.
    await t.payments.localStripe!.context().emit('customer.subscription.updated', stale as never);
    expect(await teamState(teamId)).toMatchObject({ planId: 'rookie', active: false });
    expect(await teamLabel(teamId)).toBe('Rookie');
  });
});

describe('Manage Subscription: the billing portal (spec §2)', () => {
  it('opens a portal session for the owner, whose page cancels the subscription', async () => {
    const teamId = await newTeam();
    const portal = (who: User) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/portal',
        headers: { cookie: who.cookie },
        payload: { type: 'teams', id: teamId, platform: 'gth' },
      });
    expect((await portal(owner)).statusCode).toBe(409);
    await subscribe(teamId);
    expect((await portal(organizer)).statusCode).toBe(403);
    const response = await portal(owner);
    expect(response.statusCode).toBe(200);
    const path = new URL(response.json().url).pathname;
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test payments');
    expect(page.body).toContain('Varsity');
    const subscriptionId = /name="subscription" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const cancelled = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=cancel&subscription=${subscriptionId}`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await teamState(teamId)).toMatchObject({ planId: 'rookie', active: false });
  });
});
