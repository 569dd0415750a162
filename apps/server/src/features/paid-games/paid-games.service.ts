import {
  alreadyJoinedMessage,
  eventCancelledMessage,
  eventPastMessage,
  offerExpiredMessage,
  offerWithdrawnMessage,
} from '@huddle/shared/events';
import { occurrenceCancelledMessage } from '@huddle/shared/event-organizer';
import {
  formatUsd,
  organizerCannotTakePaymentsMessage,
  type GamePayment,
  type PaidCheckoutReply,
} from '@huddle/shared/paid-games';
import type { PaymentStatus } from '@huddle/shared/payments';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  confirmHeldSpot,
  holdOfferedSpot,
  holdPaidSpot,
  occurrenceOf,
  releaseHeldSpot,
  sendHoldNotices,
  type EventRow,
  type HoldOutcome,
  type PartyRow,
} from '../events/event-paid-spots.service.ts';
import { onWallClock } from '../events/events.mails.ts';
import {
  confirmPaidRegistration,
  holdPaidRegistration,
  releasePaidRegistration,
  seasonForPayment,
} from '../seasons/season-paid-registrations.service.ts';
import { eventNotFound, visibleEvent } from '../events/events.service.ts';
import { returnSpentCredit, spendCredit } from '../credits/credits.service.ts';
import { announceEventChange } from '../events/discover-cache.ts';
import { isPaidGame, occurrencePath, type EventDeps } from '../events/waitlist.service.ts';
import {
  findPayment,
  findPaymentAccount,
  findPaymentOfSession,
  findPendingPaymentOfParty,
  findPendingPaymentOfRegistration,
  drawReceiptNumber,
  inTransaction,
  insertPayment,
  listFormSubmissionPayments,
  lockPayment,
  sumOutsideRefunds,
  updatePayment,
  type NewPayment,
  type PaymentRow,
} from './paid-games.repository.ts';

/** What the paid-games services need: the events services' deps, Stripe and the platform fee. */
export interface PaidGameDeps extends EventDeps {
  stripe: Stripe;
  platformFeePercent: number;
}

/**
 * How long a spot is held for its Checkout: Stripe's shortest session lifetime (30 minutes), plus
 * a minute so the request's own time does not fall under it.
 */
export const checkoutHoldMs = 31 * 60 * 1000;

export const paymentNotFound = () => new AppError('NOT_FOUND', 'Payment not found.');

export const toGamePayment = (row: PaymentRow): GamePayment => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  receiptNumber: row.receiptNumber,
  payerName: row.payerName,
  description: row.description,
  quantity: row.quantity,
  amountCents: row.amountCents,
  refundedCents: row.refundedCents,
  creditAppliedCents: row.creditAppliedCents,
  creditedCents: row.creditedCents,
  currency: row.currency,
  eventId: row.eventId,
  seasonId: row.seasonId,
  registrationId: row.registrationId,
  teamId: row.teamId,
  occurrenceStartsAt: row.occurrenceStartsAt?.toISOString() ?? null,
  paidAt: row.paidAt?.toISOString() ?? null,
});

type CheckoutReply = Extract<PaidCheckoutReply, { outcome: 'checkout' }>;
type PaidReply = Extract<PaidCheckoutReply, { outcome: 'paid' }>;

const feeOf = (deps: PaidGameDeps, amountCents: number) => Math.round((amountCents * deps.platformFeePercent) / 100);

/**
 * Spends the payer's credit with the payee first (decision 035), in the transaction that writes the
 * pending payment: Stripe then charges only the rest. When credit covers it all, the payment is
 * paid at once (receipt number, no Checkout) and the caller confirms the spot in the same
 * transaction. Parallel Checkouts queue on the credit's row lock.
 */
async function applyCredit(tx: Database, deps: PaidGameDeps, payment: PaymentRow): Promise<PaymentRow> {
  if (!payment.payerUserId || !payment.payeeUserId) return payment;
  const spent = await spendCredit(tx, {
    paymentId: payment.id,
    payerUserId: payment.payerUserId,
    payeeUserId: payment.payeeUserId,
    upToCents: payment.amountCents,
  });
  if (spent === 0) return payment;
  const amount = payment.amountCents - spent;
  const covered = amount === 0 && {
    status: 'paid' as const,
    receiptNumber: await drawReceiptNumber(tx),
    paidAt: deps.clock.now(),
  };
  return (await updatePayment(tx, payment.id, {
    amountCents: amount,
    creditAppliedCents: spent,
    feeCents: feeOf(deps, amount),
    ...covered,
  }))!;
}

/** A payment credit covered in full: confirmed without Checkout. */
const paidWithCredit = (payment: PaymentRow): PaidReply | undefined =>
  payment.status === 'paid' ? { outcome: 'paid', paymentId: payment.id } : undefined;

/**
 * Who is paid, to their connected account: a game's creator (decision 033), a season's or a team
 * form's team owner, a personal form's maker (decision 036). Refused while they cannot take charges.
 */
export async function payeeOf(db: Database, { creatorId }: { creatorId: string }) {
  const payee = await findPaymentAccount(db, creatorId);
  if (!payee?.stripeId || !payee.stripeChargesEnabled)
    throw new AppError('CONFLICT', organizerCannotTakePaymentsMessage);
  return { userId: payee.id, stripeAccountId: payee.stripeId };
}

type Payee = Awaited<ReturnType<typeof payeeOf>>;

/** A pending ledger row written by another feature's transaction (a form's submission, decision 036). */
export const recordPendingPayment = (tx: Database, values: NewPayment) => insertPayment(tx, values);

/** Ledger rows of form submissions, oldest first (what a submission's payment state is made of). */
export const paymentsOfFormSubmissions = (db: Database, submissionIds: string[]) =>
  listFormSubmissionPayments(db, submissionIds);

export const findLedgerPayment = (db: Database, paymentId: string) => findPayment(db, paymentId);

/** A paid payment's status after `refunded` of its `amount` went back. */
export const statusAfterRefund = (amount: number, refunded: number): PaymentStatus =>
  refunded === 0 ? 'paid' : refunded >= amount ? 'refunded' : 'partially_refunded';

/**
 * checkout.session.completed for a Huddle payment: a pending row becomes paid, once, with the next
 * receipt number, under the row's lock in the webhook's transaction. Undefined when it was paid
 * before (a replay under another event id) or is not Huddle's: the caller then changes nothing.
 */
export async function confirmPendingPayment(
  tx: Database,
  deps: Pick<PaidGameDeps, 'clock'>,
  { paymentId, session }: { paymentId: string; session: { id?: unknown; payment_intent?: unknown } },
): Promise<PaymentRow | undefined> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment || payment.status !== 'pending') return undefined;
  const intent = session.payment_intent;
  // Refunds made in Stripe's dashboard before this event came were recorded then (decision 043):
  // the payment is confirmed with them, whether or not another charge.refunded follows.
  const early = Math.min(payment.amountCents, (await sumOutsideRefunds(tx, payment.id)).amountCents);
  const now = deps.clock.now();
  return updatePayment(tx, payment.id, {
    status: statusAfterRefund(payment.amountCents, early),
    ...(early > 0 && { refundedCents: early, refundedAt: now }),
    receiptNumber: await drawReceiptNumber(tx),
    paidAt: now,
    stripeCheckoutSessionId: session.id as string,
    stripePaymentIntentId: typeof intent === 'string' ? intent : ((intent as { id?: string } | null)?.id ?? null),
  });
}

/** A priced game, live, on a date not over: the checks made before any lock. */
async function payableGame(deps: PaidGameDeps, actorId: string, eventId: string) {
  const { event } = await visibleEvent(deps.db, eventId, actorId);
  if (!isPaidGame(event)) throw new AppError('CONFLICT', 'This game is free: join it without paying.');
  if (event.cancelledAt) throw new AppError('CONFLICT', eventCancelledMessage);
  return { event, payee: await payeeOf(deps.db, event) };
}

/** The ledger row of a held spot, written in the transaction that holds it. */
async function insertPendingPayment(
  tx: Database,
  deps: PaidGameDeps,
  { event, payee, party, payerId }: { event: EventRow; payee: Payee; party: PartyRow; payerId: string },
) {
  const payer = await findPaymentAccount(tx, payerId);
  const amount = (event.priceCents ?? 0) * party.partySize;
  const pending = await insertPayment(tx, {
    kind: 'event',
    status: 'pending',
    payerUserId: payerId,
    payerName: payer?.name ?? '',
    payerEmail: payer?.email ?? '',
    payeeUserId: payee.userId,
    teamId: event.teamId,
    eventId: event.id,
    occurrenceStartsAt: party.occurrenceStartsAt,
    partyId: party.id,
    description: `${event.title} · ${onWallClock(party.occurrenceStartsAt, event.timeZone)}`,
    quantity: party.partySize,
    amountCents: amount,
    feeCents: feeOf(deps, amount),
    stripeAccountId: payee.stripeAccountId,
  });
  const payment = await applyCredit(tx, deps, pending);
  // Held under this transaction's event lock a moment ago, so it fits.
  if (payment.status === 'paid')
    await confirmHeldSpot(tx, { eventId: event.id, partyId: party.id, now: deps.clock.now() });
  return payment;
}

/**
 * Opens the Checkout of a held spot: a destination charge to the organizer's account (decision
 * 031), quantity = party size, USD. Made after the hold committed (no lock is held while Stripe
 * answers); when Stripe refuses, the hold is released at once.
 */
export async function openCheckout(
  deps: PaidGameDeps,
  {
    payment,
    cancelPath,
    successPath = '/payment-success',
    holdMs = checkoutHoldMs,
  }: {
    payment: PaymentRow;
    cancelPath: string;
    successPath?: string;
    /** How long the session stays open: a form's waitlist offer waits longer for its mailed payer (decision 040). */
    holdMs?: number;
  },
): Promise<CheckoutReply> {
  // With credit applied the charge is no longer price × quantity: one line of what is left.
  const line =
    payment.creditAppliedCents > 0
      ? {
          quantity: 1,
          unitCents: payment.amountCents,
          name: `${payment.description} · ${payment.quantity} × spot, ${formatUsd(payment.creditAppliedCents)} credit applied`,
        }
      : { quantity: payment.quantity, unitCents: payment.amountCents / payment.quantity, name: payment.description };
  const origin = deps.publicOrigin;
  const expiresAt = Math.floor((deps.clock.now().getTime() + holdMs) / 1000);
  try {
    const session = await deps.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: line.quantity,
            price_data: { currency: 'usd', unit_amount: line.unitCents, product_data: { name: line.name } },
          },
        ],
        payment_intent_data: {
          transfer_data: { destination: payment.stripeAccountId! },
          ...(payment.feeCents > 0 && { application_fee_amount: payment.feeCents }),
          metadata: { huddlePaymentId: payment.id },
        },
        metadata: { huddlePaymentId: payment.id, kind: payment.kind },
        client_reference_id: payment.id,
        customer_email: payment.payerEmail || undefined,
        expires_at: expiresAt,
        // A visitor's form payment returns to its own page (with its key); the rest to /payment-success.
        success_url: `${origin}${successPath}${successPath.includes('?') ? '&' : '?'}redirect_status=succeeded&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}${cancelPath}${cancelPath.includes('?') ? '&' : '?'}cancelledPayment=${payment.id}`,
      },
      { idempotencyKey: `huddle-checkout-${payment.id}` },
    );
    await updatePayment(deps.db, payment.id, { stripeCheckoutSessionId: session.id });
    return {
      outcome: 'checkout',
      url: session.url!,
      paymentId: payment.id,
      expiresAt: new Date(session.expires_at * 1000).toISOString(),
    };
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'opening a game Checkout failed');
    await releaseHold(deps, payment.id, 'failed');
    throw new AppError('CONFLICT', 'Payments are not available right now. Please try again in a moment.');
  }
}

/** A second press while the Checkout is open goes back to the same Checkout. */
export async function sameCheckout(deps: PaidGameDeps, payment: PaymentRow): Promise<CheckoutReply | undefined> {
  if (!payment.stripeCheckoutSessionId) return undefined;
  const session = await deps.stripe.checkout.sessions.retrieve(payment.stripeCheckoutSessionId);
  if (session.status !== 'open' || !session.url) return undefined;
  return {
    outcome: 'checkout',
    url: session.url,
    paymentId: payment.id,
    expiresAt: new Date(session.expires_at * 1000).toISOString(),
  };
}

/**
 * Join a paid game (issue 13): under the event lock, a party that fits is HELD (it counts against
 * the spots) and its payment written as pending in the same transaction; then Checkout opens.
 * However many pay for the last spot at once, one holds it and the others wait in line. A full
 * game puts the party on the waitlist for free: the payment is taken when its offer is claimed.
 */
export async function startCheckout(
  deps: PaidGameDeps,
  {
    actorId,
    eventId,
    occurrenceStartsAt,
    friends,
  }: { actorId: string; eventId: string; occurrenceStartsAt: string; friends: number },
): Promise<PaidCheckoutReply> {
  const now = deps.clock.now();
  const { event, payee } = await payableGame(deps, actorId, eventId);
  const occurrence = occurrenceOf(event, occurrenceStartsAt, 'occurrenceStartsAt');
  if (occurrence.endsAt <= now) throw new AppError('CONFLICT', eventPastMessage);
  const outcome = await holdPaidSpot(
    deps,
    {
      eventId,
      occurrenceStartsAt: occurrence.startsAt,
      userId: actorId,
      partySize: friends + 1,
      holdUntil: new Date(now.getTime() + checkoutHoldMs),
    },
    (tx, held) => insertPendingPayment(tx, deps, { ...held, payee, payerId: actorId }),
  );
  return afterHold(deps, outcome, event);
}

/**
 * Claim a waitlist offer on a paid game: the offer still fits (as a free claim checks), then it
 * becomes a held spot for the Checkout's lifetime (the offer's hold covers the Checkout) and is
 * paid like a join.
 */
export async function claimOfferCheckout(
  deps: PaidGameDeps,
  { actorId, eventId, partyId }: { actorId: string; eventId: string; partyId: string },
): Promise<PaidCheckoutReply> {
  const now = deps.clock.now();
  const { event, payee } = await payableGame(deps, actorId, eventId);
  const outcome = await holdOfferedSpot(
    deps,
    { eventId, partyId, userId: actorId, holdUntil: new Date(now.getTime() + checkoutHoldMs) },
    (tx, held) => insertPendingPayment(tx, deps, { ...held, payee, payerId: actorId }),
  );
  return afterHold(deps, outcome, event);
}

async function afterHold(
  deps: PaidGameDeps,
  outcome: HoldOutcome<PaymentRow>,
  event: EventRow,
): Promise<PaidCheckoutReply> {
  switch (outcome.kind) {
    case 'gone':
      throw eventNotFound();
    case 'cancelled':
      throw new AppError('CONFLICT', eventCancelledMessage);
    case 'dateCancelled':
      throw new AppError('CONFLICT', occurrenceCancelledMessage);
    case 'already':
      throw new AppError('CONFLICT', alreadyJoinedMessage);
    case 'forbidden':
      throw new AppError('FORBIDDEN', 'This spot was offered to someone else.');
    case 'expired':
      throw new AppError('CONFLICT', offerExpiredMessage);
    case 'withdrawn':
      throw new AppError('CONFLICT', offerWithdrawnMessage);
    case 'waitlisted':
      return { outcome: 'waitlisted', party: outcome.party };
    case 'alreadyHeld': {
      const pending = await findPendingPaymentOfParty(deps.db, outcome.partyId);
      const same = pending && (await sameCheckout(deps, pending));
      if (!same) throw new AppError('CONFLICT', 'Your payment for this game is being processed.');
      return same;
    }
    case 'held':
      return (
        paidWithCredit(outcome.value) ??
        openCheckout(deps, {
          payment: outcome.value,
          cancelPath: occurrencePath(event.id, outcome.value.occurrenceStartsAt!),
        })
      );
  }
}

/**
 * Ends a hold that was not paid: the payment becomes failed or expired, the held party goes and
 * its spots pass to the waitlist. Once per payment (its row lock); a paid one is left alone.
 * `tx` is the webhook's transaction when called from one.
 */
export async function releaseHold(
  deps: EventDeps,
  paymentId: string,
  status: 'failed' | 'expired',
  tx?: Database,
): Promise<void> {
  const work = async (db: Database) => {
    const payment = await lockPayment(db, paymentId);
    if (payment?.status !== 'pending') return { notices: [], eventId: null };
    await updatePayment(db, payment.id, { status, partyId: null });
    let notices: Awaited<ReturnType<typeof releaseHeldSpot>> = [];
    let eventId: string | null = null;
    if (payment.kind === 'season' && payment.seasonId && payment.registrationId) {
      await releasePaidRegistration(db, { seasonId: payment.seasonId, registrationId: payment.registrationId });
    } else if (payment.partyId && payment.eventId) {
      notices = await releaseHeldSpot(deps, db, { eventId: payment.eventId, partyId: payment.partyId });
      eventId = payment.eventId;
    }
    // After the event's lock (a hold takes the event, then the credit): the credit it spent comes
    // back, once, as this is the payment's one move from pending.
    await giveBackSpentCredit(db, payment);
    return { notices, eventId };
  };
  const { notices, eventId } = tx ? await work(tx) : await inTransaction(deps.db, work);
  // The spot is free again (decision 073). Inside a webhook's transaction this comes before its
  // commit: a list read in between may keep the hold for its second, never longer.
  if (eventId) announceEventChange(deps.realtime, eventId);
  await sendHoldNotices(deps, notices);
}

/** The credit a payment spent returns to its payer (decision 035); an entry per payment makes it once. */
export async function giveBackSpentCredit(tx: Database, payment: PaymentRow): Promise<boolean> {
  if (!payment.payerUserId || !payment.payeeUserId) return false;
  return returnSpentCredit(tx, {
    paymentId: payment.id,
    payerUserId: payment.payerUserId,
    payeeUserId: payment.payeeUserId,
    cents: payment.creditAppliedCents,
  });
}

/** The payer's own payment of a Checkout session; anyone else's is not found. */
export async function paymentOfSession(
  deps: Pick<PaidGameDeps, 'db'>,
  { actorId, sessionId }: { actorId: string; sessionId: string },
): Promise<{ payment: GamePayment }> {
  const payment = await findPaymentOfSession(deps.db, sessionId);
  if (!payment || payment.payerUserId !== actorId) throw paymentNotFound();
  return { payment: toGamePayment(payment) };
}

/**
 * The payer comes back from Checkout's Cancel: the session is expired at Stripe, whose
 * checkout.session.expired releases the spot; released here too, in case Stripe's event is late.
 */
export async function cancelCheckout(
  deps: PaidGameDeps,
  { actorId, paymentId }: { actorId: string; paymentId: string },
): Promise<{ payment: GamePayment }> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || payment.payerUserId !== actorId) throw paymentNotFound();
  if (payment.status === 'pending') await expireCheckout(deps, payment);
  return { payment: toGamePayment((await findPayment(deps.db, paymentId)) ?? payment) };
}

/** Expires an open Checkout at Stripe (a paid or already expired one is refused there: fine). */
export async function expireCheckout(deps: PaidGameDeps, payment: PaymentRow): Promise<void> {
  if (payment.stripeCheckoutSessionId) {
    try {
      await deps.stripe.checkout.sessions.expire(payment.stripeCheckoutSessionId);
    } catch (error) {
      // Completed meanwhile: the completion confirms the spot; nothing to release.
      const session = await deps.stripe.checkout.sessions.retrieve(payment.stripeCheckoutSessionId);
      if (session.status === 'complete') return;
      if (session.status === 'open') throw error;
    }
  }
  await releaseHold(deps, payment.id, 'expired');
}

/**
 * Register for a season with a fee (decision 033): a pending registration holds the place (it
 * counts against the capacity) with its pending payment, in one transaction; then Checkout opens
 * on the team owner's account. The payment approves the registration; an unpaid Checkout ends it.
 */
export async function startSeasonCheckout(
  deps: PaidGameDeps,
  { actorId, seasonId }: { actorId: string; seasonId: string },
): Promise<CheckoutReply | PaidReply> {
  const { season, teamName, ownerId } = await seasonForPayment(deps.db, { seasonId, actorId, now: deps.clock.now() });
  const fee = season.feeCents ?? 0;
  if (fee <= 0) throw new AppError('CONFLICT', 'This season is free: register without paying.');
  const payee = await payeeOf(deps.db, { creatorId: ownerId });
  const outcome = await holdPaidRegistration(deps.db, { season, actorId }, async (tx, registration) => {
    const payer = await findPaymentAccount(tx, actorId);
    const pending = await insertPayment(tx, {
      kind: 'season',
      status: 'pending',
      payerUserId: actorId,
      payerName: payer?.name ?? registration.name,
      payerEmail: payer?.email ?? registration.email,
      payeeUserId: payee.userId,
      teamId: season.teamId,
      seasonId: season.id,
      registrationId: registration.id,
      description: `${teamName} · ${season.label} season`,
      quantity: 1,
      amountCents: fee,
      feeCents: feeOf(deps, fee),
      stripeAccountId: payee.stripeAccountId,
    });
    const payment = await applyCredit(tx, deps, pending);
    if (payment.status === 'paid')
      await confirmPaidRegistration(tx, { seasonId: season.id, registrationId: registration.id });
    return payment;
  });
  if (outcome.kind === 'already') {
    const pending = await findPendingPaymentOfRegistration(deps.db, outcome.registration.id);
    const same = pending && (await sameCheckout(deps, pending));
    if (!same) throw new AppError('CONFLICT', 'You are already registered for this season.');
    return same;
  }
  return (
    paidWithCredit(outcome.value) ??
    openCheckout(deps, { payment: outcome.value, cancelPath: `/team/${season.teamId}` })
  );
}
