import { notRefundableMessage, refundTooLargeMessage, type GamePayment } from '@huddle/shared/paid-games';
import { defaultRefundDeadlineHours, leavesInTime, type RefundPolicy } from '@huddle/shared/refund-policy';
import { AppError } from '../../lib/app-error.ts';
import { grantCredit, takeBackCredit } from '../credits/credits.service.ts';
import { managedEvent } from '../events/events.service.ts';
import type { Database } from '../../db/client.ts';
import {
  findPayment,
  findPaymentOfIntent,
  inTransaction,
  insertOutsideRefund,
  listGamePayments,
  lockPayment,
  refundableStatuses,
  setOutsideRefundCredit,
  sumOutsideRefunds,
  updatePayment,
  type PaymentRow,
} from './paid-games.repository.ts';
import {
  expireCheckout,
  giveBackSpentCredit,
  paymentNotFound,
  statusAfterRefund,
  toGamePayment,
  type PaidGameDeps,
} from './paid-games.service.ts';

/**
 * Refunds part or all of what is left of a payment (decision 033). The amount is first taken off
 * what is left under the payment's row lock, so parallel refunds can never add up to more than
 * was paid; then Stripe refunds it on the destination charge (reversing the transfer from the
 * organizer's account) with an idempotency key of the payment and its amount step, so a retry
 * never refunds twice; if Stripe refuses, the amount is given back.
 */
export async function refundPayment(
  deps: PaidGameDeps,
  { paymentId, amountCents, reason }: { paymentId: string; amountCents?: number; reason: string },
): Promise<PaymentRow> {
  const step = await inTransaction(deps.db, async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw paymentNotFound();
    // A payment turned into credit (decision 035) was given back already: never refunded on top.
    if (!refundableStatuses.includes(payment.status) || !payment.stripePaymentIntentId || payment.creditedCents > 0) {
      throw new AppError('CONFLICT', notRefundableMessage);
    }
    const left = payment.amountCents - payment.refundedCents;
    const amount = amountCents ?? left;
    if (amount <= 0 || amount > left) {
      throw new AppError('VALIDATION_FAILED', undefined, { amountCents: [refundTooLargeMessage] });
    }
    const refunded = payment.refundedCents + amount;
    await updatePayment(tx, payment.id, {
      refundedCents: refunded,
      status: statusAfterRefund(payment.amountCents, refunded),
      refundedAt: deps.clock.now(),
    });
    return { payment, before: payment.refundedCents, amount };
  });
  try {
    await deps.stripe.refunds.create(
      {
        payment_intent: step.payment.stripePaymentIntentId!,
        amount: step.amount,
        reverse_transfer: true,
        ...(step.payment.feeCents > 0 && { refund_application_fee: true }),
        metadata: { huddlePaymentId: step.payment.id, reason },
      },
      { idempotencyKey: `huddle-refund-${step.payment.id}-${step.before}-${step.amount}` },
    );
  } catch (error) {
    deps.log.error({ err: error, paymentId }, 'a refund failed at Stripe; the amount is refundable again');
    await inTransaction(deps.db, async (tx) => {
      const payment = await lockPayment(tx, paymentId);
      if (!payment) return;
      const refunded = Math.max(0, payment.refundedCents - step.amount);
      await updatePayment(tx, payment.id, {
        refundedCents: refunded,
        status: statusAfterRefund(payment.amountCents, refunded),
      });
    });
    throw new AppError('CONFLICT', 'Stripe could not make this refund. Please try again.');
  }
  return (await findPayment(deps.db, paymentId))!;
}

/** The game's organizers refund a payment for it, in full or in part (the manage page). */
export async function refundByOrganizer(
  deps: PaidGameDeps,
  { actorId, paymentId, amountCents }: { actorId: string; paymentId: string; amountCents?: number },
): Promise<{ payment: GamePayment }> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || payment.kind !== 'event' || !payment.eventId) throw paymentNotFound();
  // Someone who cannot see the game gets 404; a player of it, 403.
  await managedEvent(deps.db, payment.eventId, actorId);
  return { payment: toGamePayment(await refundPayment(deps, { paymentId, amountCents, reason: 'organizer' })) };
}

/** The payments of a game's dates, for its organizers. */
export async function listEventPayments(
  deps: PaidGameDeps,
  { actorId, eventId, occurrence }: { actorId: string; eventId: string; occurrence?: string },
): Promise<{ payments: GamePayment[] }> {
  await managedEvent(deps.db, eventId, actorId);
  const rows = await listGamePayments(deps.db, {
    eventId,
    occurrenceStartsAt: occurrence ? new Date(occurrence) : undefined,
    statuses: ['paid', 'partially_refunded', 'refunded'],
  });
  return { payments: rows.map(toGamePayment) };
}

/** What leaving or cancelling does with a paid payment: refund it, keep it, or turn it into credit. */
export type Settlement = 'refund' | 'keep' | 'credit';

/**
 * Ends what a payment still holds, or settles it (a job may run this again): a refund returns
 * what Stripe charged and gives back the credit it spent (decision 035); credit turns its value
 * into credit with the payee.
 */
export async function settle(deps: PaidGameDeps, payment: PaymentRow, settlement: Settlement, reason: string) {
  if (payment.status === 'pending') {
    await expireCheckout(deps, payment);
    return;
  }
  if (settlement === 'credit') {
    await creditPayment(deps, payment.id);
    return;
  }
  if (settlement !== 'refund') return;
  const chargeLeft = payment.refundedCents < payment.amountCents && payment.creditedCents === 0;
  if (chargeLeft && refundableStatuses.includes(payment.status)) {
    await refundPayment(deps, { paymentId: payment.id, reason });
  }
  await inTransaction(deps.db, async (tx) => {
    const locked = await lockPayment(tx, payment.id);
    if (!locked || !(await giveBackSpentCredit(tx, locked))) return;
    // Paid by credit alone: nothing went back through Stripe, yet all of it was given back.
    if (locked.amountCents === 0)
      await updatePayment(tx, locked.id, { status: 'refunded', refundedAt: deps.clock.now() });
  });
}

/**
 * A late leave of a "credit" event (decision 035): what the payment is worth (the charge not yet
 * refunded plus the credit it spent) becomes credit with its payee, once, under the payment's lock.
 * The organizer keeps the money; the ledger row says how much of it is owed back as credit.
 */
async function creditPayment(deps: PaidGameDeps, paymentId: string) {
  await inTransaction(deps.db, async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment?.payerUserId || !payment.payeeUserId || payment.creditedCents > 0) return;
    if (!refundableStatuses.includes(payment.status)) return;
    const cents = payment.amountCents - payment.refundedCents + payment.creditAppliedCents;
    if (cents <= 0) return;
    await updatePayment(tx, payment.id, { creditedCents: cents });
    await grantCredit(tx, { paymentId, payerUserId: payment.payerUserId, payeeUserId: payment.payeeUserId, cents });
  });
}

/**
 * Job data: a player left a paid date. `spotLost` (paid for a spot that was gone by then) is only
 * in jobs queued before decision 059, which refunds such a payment by itself (paidSpotLostJob).
 */
export interface PlayerLeftJob {
  eventId: string;
  occurrenceStartsAt: string;
  userId: string;
  leftAt: string;
  spotLost?: boolean;
  /** The event's refund policy when the player left (absent in jobs queued before decision 035). */
  policy?: RefundPolicy;
}

const policyBefore035: RefundPolicy = { deadlineHours: defaultRefundDeadlineHours, afterDeadline: 'none' };

/**
 * A player left a paid date (job data from leaveEvent): before the event's refund deadline, what
 * they paid is refunded in full; later, nothing or credit with the organizer, as the organizer
 * chose (decision 035). An open Checkout is ended. A payment that found its spot gone is
 * refunded in full whenever it came.
 */
export async function refundOnLeave(
  deps: PaidGameDeps,
  { eventId, occurrenceStartsAt, userId, leftAt, spotLost, policy = policyBefore035 }: PlayerLeftJob,
): Promise<void> {
  const startsAt = new Date(occurrenceStartsAt);
  const inTime = spotLost === true || leavesInTime(policy, startsAt, leftAt);
  const settlement: Settlement = inTime ? 'refund' : policy.afterDeadline === 'credit' ? 'credit' : 'keep';
  const rows = await listGamePayments(deps.db, {
    eventId,
    occurrenceStartsAt: startsAt,
    payerUserId: userId,
    // Refunded too: a retry after the Stripe refund still gives back the credit the payment spent.
    statuses: ['pending', 'refunded', ...refundableStatuses],
  });
  for (const payment of rows) await settle(deps, payment, settlement, 'left');
}

/** The organizer cancelled one date or the whole series (from `from` on): everyone is refunded. */
export async function refundCancelledDates(
  deps: PaidGameDeps,
  { eventId, occurrenceStartsAt, from }: { eventId: string; occurrenceStartsAt: string | null; from?: string },
): Promise<void> {
  const rows = await listGamePayments(deps.db, {
    eventId,
    ...(occurrenceStartsAt ? { occurrenceStartsAt: new Date(occurrenceStartsAt) } : { from: new Date(from ?? 0) }),
    statuses: ['pending', 'refunded', ...refundableStatuses],
  });
  for (const payment of rows) await settle(deps, payment, 'refund', 'cancelled');
}

/** A refund as charge.refunded's re-read charge lists it (payments core, decision 039). */
interface ChargeRefund {
  id: string;
  amount: number;
  status: string | null;
  metadata?: Record<string, string> | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ledger row of a refunded charge: by its payment intent once confirmed; before that (a
 * dashboard refund that came before checkout.session.completed, decision 043) the row does not
 * know its intent yet, and the charge carries the `huddlePaymentId` Huddle put on the intent.
 */
async function paymentOfCharge(tx: Database, intentId: string, charge: Record<string, unknown>) {
  const byIntent = await findPaymentOfIntent(tx, intentId);
  if (byIntent) return byIntent;
  const id = (charge.metadata as Record<string, string> | null | undefined)?.huddlePaymentId;
  return id && uuidPattern.test(id) ? findPayment(tx, id) : undefined;
}

/**
 * charge.refunded (decision 039): a refund made outside Huddle, in Stripe's dashboard, is read back
 * into the ledger, so Invoices, Transactions and the game's payments say what Stripe did. Huddle's
 * own refunds carry `huddlePaymentId` in their metadata and were counted when made: skipped. Every
 * other refund is recorded once by its Stripe id, under the payment's row lock, in the webhook's
 * transaction; replays and other events about the same charge find it recorded. Never past what
 * was paid (a refund Huddle reserved and Stripe then refused can meet one here: capped).
 *
 * Decision 043: a payment not confirmed yet only records its refunds (its confirmation counts
 * them); a payment already turned into credit loses as much of that credit as was refunded, as far
 * as the player has not spent it, and the rest is recorded, so money and credit are not both kept.
 */
export async function recordOutsideRefunds(
  tx: Database,
  deps: Pick<PaidGameDeps, 'clock'>,
  charge: Record<string, unknown>,
): Promise<void> {
  const intent = charge.payment_intent;
  const intentId = typeof intent === 'string' ? intent : (intent as { id?: string } | null)?.id;
  if (!intentId) return;
  const found = await paymentOfCharge(tx, intentId, charge);
  if (!found) return;
  const payment = await lockPayment(tx, found.id);
  if (!payment || (payment.stripePaymentIntentId && payment.stripePaymentIntentId !== intentId)) return;
  const confirmed = ['paid', 'partially_refunded', 'refunded'].includes(payment.status);
  if (!confirmed && payment.status !== 'pending') return;
  const refunds = ((charge.refunds as { data?: ChargeRefund[] } | undefined)?.data ?? []).filter(
    (refund) => !refund.metadata?.huddlePaymentId && (refund.status === 'succeeded' || refund.status === 'pending'),
  );
  let refunded = payment.refundedCents;
  let credited = payment.creditedCents;
  let unrecovered = (await sumOutsideRefunds(tx, payment.id)).creditUnrecoveredCents;
  for (const refund of refunds) {
    if (
      !(await insertOutsideRefund(tx, { stripeRefundId: refund.id, paymentId: payment.id, amountCents: refund.amount }))
    ) {
      continue;
    }
    // Not confirmed: confirmPendingPayment adds it (and credit is only ever granted on a paid one).
    if (!confirmed) continue;
    refunded = Math.min(payment.amountCents, refunded + refund.amount);
    const due = Math.min(refund.amount, credited - unrecovered);
    if (due <= 0 || !payment.payerUserId || !payment.payeeUserId) continue;
    const taken = await takeBackCredit(tx, {
      paymentId: payment.id,
      payerUserId: payment.payerUserId,
      payeeUserId: payment.payeeUserId,
      upToCents: due,
    });
    credited -= taken;
    unrecovered += due - taken;
    await setOutsideRefundCredit(tx, refund.id, { creditTakenBackCents: taken, creditUnrecoveredCents: due - taken });
  }
  if (refunded === payment.refundedCents && credited === payment.creditedCents) return;
  await updatePayment(tx, payment.id, {
    refundedCents: refunded,
    creditedCents: credited,
    status: statusAfterRefund(payment.amountCents, refunded),
    refundedAt: deps.clock.now(),
  });
}
