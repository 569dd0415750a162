import {
  accountTakenMessage,
  alreadyLinkedMessage,
  notLinkedMessage,
  oauthStateMessage,
} from '@huddle/shared/payments';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { stripeProcessedEvents } from './payments.schema.ts';
import { webhookPath } from './stripe-webhook.ts';

/** Issue 13, Stripe Connect for organizers, on the local provider (decision 029). */
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: User, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });
const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const fieldsOf = async (userId: string) =>
  (
    await t.db
      .select({ stripeId: users.stripeId, charges: users.stripeChargesEnabled, details: users.stripeDetailsSubmitted })
      .from(users)
      .where(eq(users.id, userId))
  )[0];

/** Opens the local onboarding page the link points to and presses a button; returns where it sent the browser. */
async function onboard(url: string, action: 'submit' | 'leave'): Promise<string> {
  const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Test payments — no card is charged');
  const { pathname, searchParams } = new URL(url);
  const pressed = await form(pathname, { action, link: searchParams.get('link')! });
  expect(pressed.statusCode).toBe(303);
  return pressed.headers.location as string;
}

describe('a new Stripe account', () => {
  it('opens an Express account in the chosen country and sends the organizer to onboarding', async () => {
    const organizer = await signUpUser(t.app);
    const linked = await api('POST', '/api/payments/account/link', organizer, { type: 'new', country: 'DE' });
    expect(linked.statusCode).toBe(200);
    const { url } = linked.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:3000\/local-stripe\/connect\/acct_\w+\?link=acctlink_\w+$/);
    const stored = await fieldsOf(organizer.user.id);
    expect(stored).toMatchObject({ charges: false, details: false });
    const account = await t.payments.stripe.accounts.retrieve(stored!.stripeId!);
    expect(account).toMatchObject({ type: 'express', country: 'DE', email: organizer.body.email });
  });

  it('goes Incomplete → Complete Verification → Active, the webhook keeping the fields current', async () => {
    const organizer = await signUpUser(t.app);
    const { url } = (await api('POST', '/api/payments/account/link', organizer, { type: 'new', country: 'US' })).json();
    expect(await onboard(url, 'leave')).toBe('http://localhost:3000/localconnect');

    const incomplete = (await api('GET', '/api/payments/account', organizer)).json();
    expect(incomplete).toMatchObject({
      status: 'incomplete',
      stripeChargesEnabled: false,
      stripeDetailsSubmitted: false,
    });
    expect(incomplete.currentlyDue).toContain('external_account');

    // An account link is single-use: a second press goes to refresh_url.
    const { pathname, searchParams } = new URL(url);
    const again = await form(pathname, { action: 'submit', link: searchParams.get('link')! });
    expect(again.headers.location).toBe('http://localhost:3000/localconnect?refresh=true');

    const verification = await api('POST', '/api/payments/account/verification', organizer);
    expect(verification.statusCode).toBe(200);
    expect(await onboard(verification.json().url, 'submit')).toBe('http://localhost:3000/localconnect');
    // account.updated was delivered and applied before the page answered (inline queue).
    expect(await fieldsOf(organizer.user.id)).toMatchObject({ charges: true, details: true });
    const active = (await api('GET', '/api/payments/account', organizer)).json();
    expect(active).toMatchObject({
      status: 'active',
      currentlyDue: [],
      stripeChargesEnabled: true,
      stripeDetailsSubmitted: true,
    });
  });

  it('keeps one account when Connect is pressed many times at once', async () => {
    const organizer = await signUpUser(t.app);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        api('POST', '/api/payments/account/link', organizer, { type: 'new', country: 'US' }),
      ),
    );
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    for (const reply of replies.filter((candidate) => candidate.statusCode !== 200)) {
      expect(reply.statusCode).toBe(409);
      expect(reply.json().error.message).toBe(alreadyLinkedMessage);
    }
  });

  it('refuses a country outside the 45 with the field message, and anonymous callers', async () => {
    const organizer = await signUpUser(t.app);
    const refused = await api('POST', '/api/payments/account/link', organizer, { type: 'new', country: 'GB' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.country).toEqual(['Choose your home country.']);
    expect(
      (await api('POST', '/api/payments/account/link', undefined, { type: 'new', country: 'US' })).statusCode,
    ).toBe(401);
    expect((await api('GET', '/api/payments/account')).statusCode).toBe(401);
  });
});

describe('linking an existing account (OAuth)', () => {
  async function authorize(who: User): Promise<URL> {
    const started = await api('POST', '/api/payments/account/link', who, { type: 'link', country: 'US' });
    expect(started.statusCode).toBe(200);
    const authorizeUrl = new URL(started.json().url);
    expect(authorizeUrl.pathname).toBe('/local-stripe/oauth/authorize');
    const page = await t.app.inject({ method: 'GET', url: pathOf(authorizeUrl.href) });
    expect(page.statusCode).toBe(200);
    const granted = await form(authorizeUrl.pathname, {
      action: 'link',
      redirect_uri: authorizeUrl.searchParams.get('redirect_uri')!,
      state: authorizeUrl.searchParams.get('state')!,
      scope: 'read_write',
    });
    expect(granted.statusCode).toBe(303);
    const back = new URL(granted.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/settings');
    expect(back.searchParams.get('tab')).toBe('payments');
    expect(back.searchParams.get('scope')).toBe('read_write');
    return back;
  }

  it('links the account with the returned code, once', async () => {
    const organizer = await signUpUser(t.app);
    const back = await authorize(organizer);
    const body = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, scope: 'read_write' };
    const connected = await api('POST', '/api/payments/account/oauth', organizer, body);
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({
      status: 'active',
      stripeChargesEnabled: true,
      stripeDetailsSubmitted: true,
    });
    expect(connected.json().stripeId).toMatch(/^acct_/);
    // The same return again (a reload): already linked.
    expect((await api('POST', '/api/payments/account/oauth', organizer, body)).statusCode).toBe(409);
    // After unlinking, the used code does not link again.
    expect((await api('DELETE', '/api/payments/account', organizer)).statusCode).toBe(200);
    expect((await api('POST', '/api/payments/account/oauth', organizer, body)).statusCode).toBe(400);
  });

  it("refuses a state another person started (someone else's link) with 403", async () => {
    const organizer = await signUpUser(t.app);
    const intruder = await signUpUser(t.app);
    const back = await authorize(organizer);
    const stolen = await api('POST', '/api/payments/account/oauth', intruder, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().error.message).toBe(oauthStateMessage);
    expect((await fieldsOf(intruder.user.id))!.stripeId).toBeNull();
  });

  it('refuses an account already linked to someone else', async () => {
    const first = await signUpUser(t.app);
    const second = await signUpUser(t.app);
    const back = await authorize(first);
    const state = back.searchParams.get('state')!;
    const linked = await api('POST', '/api/payments/account/oauth', first, {
      code: back.searchParams.get('code')!,
      state,
    });
    const stripeId = linked.json().stripeId as string;
    // A second code for the same account, as Stripe would give when its owner links it again elsewhere.
    const context = t.payments.localStripe!.context();
    await context.store.insert({
      id: 'ac_same_account',
      object: 'oauth_code',
      account: stripeId,
      scope: 'read_write',
      used: false,
    });
    const secondState = new URL(
      (await api('POST', '/api/payments/account/link', second, { type: 'link' })).json().url,
    ).searchParams.get('state')!;
    const taken = await api('POST', '/api/payments/account/oauth', second, {
      code: 'ac_same_account',
      state: secondState,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(accountTakenMessage);
  });

  it('only redirects to Huddle itself', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/local-stripe/oauth/authorize?redirect_uri=https%3A%2F%2Fevil.example%2Fsteal&state=x',
    });
    expect(page.statusCode).toBe(400);
  });
});

describe('unlinking', () => {
  it("clears the three fields of one's own account only", async () => {
    const organizer = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    await api('POST', '/api/payments/account/link', organizer, { type: 'new', country: 'US' });
    // Someone else has nothing to unlink, and cannot reach the organizer's account.
    const foreign = await api('DELETE', '/api/payments/account', other);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().error.message).toBe(notLinkedMessage);
    expect((await fieldsOf(organizer.user.id))!.stripeId).toMatch(/^acct_/);
    expect((await api('POST', '/api/payments/account/verification', other)).statusCode).toBe(409);

    const unlinked = await api('DELETE', '/api/payments/account', organizer);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toEqual({ success: true });
    expect(await fieldsOf(organizer.user.id)).toEqual({ stripeId: null, charges: false, details: false });
    expect((await api('GET', '/api/payments/account', organizer)).json()).toMatchObject({
      status: 'none',
      currentlyDue: [],
    });
    expect((await api('DELETE', '/api/payments/account', organizer)).statusCode).toBe(409);
    expect((await api('DELETE', '/api/payments/account')).statusCode).toBe(401);
  });
});

describe('account.updated webhooks', () => {
  const deliver = async (event: object) => {
    const payload = JSON.stringify(event);
    const signature = t.payments.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: await t.payments.webhookSecret(),
    });
    return t.app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };

  it('replayed in parallel, or arriving late, never set an older state', async () => {
    const organizer = await signUpUser(t.app);
    const { url } = (await api('POST', '/api/payments/account/link', organizer, { type: 'new', country: 'US' })).json();
    const stripeId = (await fieldsOf(organizer.user.id))!.stripeId!;
    const incompleteAccount = await t.payments.stripe.accounts.retrieve(stripeId);
    await onboard(url, 'submit');
    const [updated] = (await t.payments.stripe.events.list({ type: 'account.updated', limit: 100 })).data.filter(
      (event) => (event.data.object as Stripe.Account).id === stripeId,
    );
    expect(updated).toBeDefined();
    const replies = await Promise.all(Array.from({ length: 30 }, () => deliver(updated!)));
    expect(replies.every((reply) => reply.statusCode === 200 && reply.json().duplicate === true)).toBe(true);
    expect(
      await t.db.select().from(stripeProcessedEvents).where(eq(stripeProcessedEvents.id, updated!.id)),
    ).toHaveLength(1);

    // An older account.updated (still incomplete) delivered after the completion: the account is read anew.
    const late = {
      ...updated!,
      id: `evt_late_${Date.now()}`,
      created: updated!.created - 60,
      data: { object: incompleteAccount },
    };
    expect((await deliver(late)).statusCode).toBe(200);
    expect(await fieldsOf(organizer.user.id)).toMatchObject({ charges: true, details: true });
  });
});
