import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  accountTakenMessage,
  alreadyLinkedMessage,
  linkUnavailableMessage,
  notLinkedMessage,
  oauthStateMessage,
  type StripeAccount,
  type StripeCountryCode,
} from '@huddle/shared/payments';
import Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Payments } from './payments-core.ts';
import {
  findPaymentAccount,
  linkPaymentAccountIfNone,
  syncPaymentAccount,
  unlinkPaymentAccount,
  updatePaymentAccountStatus,
  type PaymentAccountRow,
} from './payments.repository.ts';

/**
 * Stripe Connect for organizers (spec §2, §3, §4, §7): open or link the account Huddle pays them
 * through, finish its verification, unlink it. Every function acts on the signed-in person's own
 * account only: no account id is ever taken from the request.
 */
export interface StripeConnectDeps {
  db: Database;
  payments: Payments;
  clock: Clock;
  publicOrigin: string;
  /** Signs the OAuth state, so a code can only finish a link its own person started. */
  sessionSecret: string;
}

/** The page Stripe's onboarding returns to (spec §2 localconnect), and the one for an expired link. */
const returnPath = '/localconnect';
const oauthReturnPath = '/settings?tab=payments';
/** An OAuth round trip longer than this starts over. */
const stateLifetimeMs = 60 * 60 * 1000;

function replyOf(row: PaymentAccountRow, currentlyDue: string[]): StripeAccount {
  const linked = row.stripeId !== null;
  return {
    stripeId: row.stripeId,
    stripeChargesEnabled: row.stripeChargesEnabled,
    stripeDetailsSubmitted: row.stripeDetailsSubmitted,
    // Spec §4: Active when charges are enabled or details submitted, else Incomplete.
    status: !linked ? 'none' : row.stripeChargesEnabled || row.stripeDetailsSubmitted ? 'active' : 'incomplete',
    currentlyDue: linked ? currentlyDue : [],
  };
}

async function accountOf(deps: StripeConnectDeps, actorId: string): Promise<PaymentAccountRow> {
  const row = await findPaymentAccount(deps.db, actorId);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return row;
}

/** getAccount: the stored fields, brought up to date from Stripe, and what is currently due. */
export async function getStripeAccount(
  deps: StripeConnectDeps,
  { actorId }: { actorId: string },
): Promise<StripeAccount> {
  const row = await accountOf(deps, actorId);
  if (!row.stripeId) return replyOf(row, []);
  let account: Stripe.Account;
  try {
    account = await deps.payments.stripe.accounts.retrieve(row.stripeId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return replyOf(row, []);
    throw error;
  }
  const fields = { stripeChargesEnabled: account.charges_enabled, stripeDetailsSubmitted: account.details_submitted };
  await syncPaymentAccount(deps.db, actorId, row.stripeId, fields);
  return replyOf({ ...row, ...fields }, account.requirements?.currently_due ?? []);
}

/**
 * linkOrCreateStripeAccount: a new Express account in the chosen country and the onboarding link
 * to it, or the OAuth page to link an existing account. A person has at most one account: the new
 * one is stored only while none is linked, so a double click cannot leave two.
 */
export async function linkOrCreateStripeAccount(
  deps: StripeConnectDeps,
  { actorId, type, country }: { actorId: string; type: 'new' | 'link'; country: StripeCountryCode },
): Promise<{ url: string }> {
  const row = await accountOf(deps, actorId);
  if (row.stripeId) throw new AppError('CONFLICT', alreadyLinkedMessage);
  if (type === 'link') {
    const url = deps.payments.connectAuthorizeUrl({
      redirectUri: `${deps.publicOrigin}${oauthReturnPath}`,
      state: oauthState(deps, actorId),
    });
    if (!url) throw new AppError('CONFLICT', linkUnavailableMessage);
    return { url };
  }
  const { stripe } = deps.payments;
  const account = await stripe.accounts.create({
    type: 'express',
    country,
    email: row.email,
    metadata: { huddleUserId: actorId },
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  });
  const linked = await linkPaymentAccountIfNone(deps.db, actorId, {
    stripeId: account.id,
    stripeChargesEnabled: account.charges_enabled,
    stripeDetailsSubmitted: account.details_submitted,
  });
  if (!linked) {
    // A parallel request linked first: this account is nobody's, remove it.
    await stripe.accounts.del(account.id).catch(() => undefined);
    throw new AppError('CONFLICT', alreadyLinkedMessage);
  }
  return onboardingLink(deps, account.id);
}

/** connectOAuth: the OAuth return's code, exchanged once, links that account to its starter. */
export async function connectStripeOAuth(
  deps: StripeConnectDeps,
  { actorId, code, state }: { actorId: string; code: string; state: string },
): Promise<StripeAccount> {
  if (!validOAuthState(deps, actorId, state)) throw new AppError('FORBIDDEN', oauthStateMessage);
  const row = await accountOf(deps, actorId);
  if (row.stripeId) throw new AppError('CONFLICT', alreadyLinkedMessage);
  const { stripe } = deps.payments;
  let stripeId: string | undefined;
  try {
    stripeId = (await stripe.oauth.token({ grant_type: 'authorization_code', code })).stripe_user_id;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    throw new AppError('VALIDATION_FAILED', 'This Stripe authorization is not valid or was used already.', {
      code: ['This Stripe authorization is not valid or was used already.'],
    });
  }
  if (!stripeId) throw new AppError('VALIDATION_FAILED', 'Stripe did not name an account.');
  const account = await stripe.accounts.retrieve(stripeId);
  let linked: boolean;
  try {
    linked = await linkPaymentAccountIfNone(deps.db, actorId, {
      stripeId,
      stripeChargesEnabled: account.charges_enabled,
      stripeDetailsSubmitted: account.details_submitted,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', accountTakenMessage);
    throw error;
  }
  if (!linked) throw new AppError('CONFLICT', alreadyLinkedMessage);
  return getStripeAccount(deps, { actorId });
}

/** Complete Verification (needs stripeId, spec §4): an onboarding link for what is currently due. */
export async function completeVerification(
  deps: StripeConnectDeps,
  { actorId }: { actorId: string },
): Promise<{ url: string }> {
  const row = await accountOf(deps, actorId);
  if (!row.stripeId) throw new AppError('CONFLICT', notLinkedMessage);
  return onboardingLink(deps, row.stripeId);
}

/** unlinkStripeAccount: clears the three fields (spec §4); the Stripe account itself stays the organizer's. */
export async function unlinkStripeAccount(
  deps: StripeConnectDeps,
  { actorId }: { actorId: string },
): Promise<{ success: true }> {
  if (!(await unlinkPaymentAccount(deps.db, actorId))) throw new AppError('CONFLICT', notLinkedMessage);
  return { success: true };
}

/** `account.updated` keeps the two status fields of whoever holds the account current. */
export function defineStripeConnectWebhooks(payments: Payments): void {
  payments.onStripeEvent('account.updated', async ({ object, tx }) => {
    const account = object as unknown as Stripe.Account;
    await updatePaymentAccountStatus(tx, account.id, {
      stripeChargesEnabled: Boolean(account.charges_enabled),
      stripeDetailsSubmitted: Boolean(account.details_submitted),
    });
  });
}

async function onboardingLink(deps: StripeConnectDeps, accountId: string): Promise<{ url: string }> {
  const link = await deps.payments.stripe.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    return_url: `${deps.publicOrigin}${returnPath}`,
    refresh_url: `${deps.publicOrigin}${returnPath}?refresh=true`,
  });
  return { url: link.url };
}

function sign(deps: StripeConnectDeps, actorId: string, issuedAt: string): string {
  return createHmac('sha256', deps.sessionSecret).update(`stripe-connect:${actorId}:${issuedAt}`).digest('base64url');
}

function oauthState(deps: StripeConnectDeps, actorId: string): string {
  const issuedAt = String(deps.clock.now().getTime());
  return `${issuedAt}.${sign(deps, actorId, issuedAt)}`;
}

function validOAuthState(deps: StripeConnectDeps, actorId: string, state: string): boolean {
  const [issuedAt, signature] = state.split('.');
  if (!issuedAt || !signature || !/^\d+$/.test(issuedAt)) return false;
  if (deps.clock.now().getTime() - Number(issuedAt) > stateLifetimeMs) return false;
  const expected = Buffer.from(sign(deps, actorId, issuedAt));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((candidate) => (candidate as { code?: string } | undefined)?.code === '23505');
}
