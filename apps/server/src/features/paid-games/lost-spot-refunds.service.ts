import { formatUsd } from '@huddle/shared/paid-games';
import { occurrenceLink } from '../events/waitlist.service.ts';
import { settle } from './paid-game-refunds.service.ts';
import { spotLostRefundMail } from './paid-games.mails.ts';
import { findPayment } from './paid-games.repository.ts';
import type { PaidGameDeps } from './paid-games.service.ts';

/**
 * Decision 059: a game's payment that completes with no spot to give is never kept. The webhook
 * decides it under the event lock (the party left while paying, or the joined people fill the
 * spots) and queues this job after its commit; the job refunds exactly that payment in full (the
 * charge and the credit it spent), retried through a Stripe outage, then mails the payer.
 */
export const paidSpotLostJob = 'paid-games.spot-lost';

export interface SpotLostJob {
  paymentId: string;
  reason: 'noRoom' | 'gone';
}

export async function refundLostSpot(deps: PaidGameDeps, { paymentId, reason }: SpotLostJob): Promise<void> {
  const payment = await findPayment(deps.db, paymentId);
  if (payment?.kind !== 'event') return;
  // Once per payment: a retry finds the charge refunded and the credit given back.
  await settle(deps, payment, 'refund', reason === 'noRoom' ? 'no_spot' : 'spot_gone');
  const amount = [
    payment.amountCents > 0 && formatUsd(payment.amountCents),
    payment.creditAppliedCents > 0 && `${formatUsd(payment.creditAppliedCents)} as credit`,
  ]
    .filter(Boolean)
    .join(' and ');
  if (!payment.payerEmail) return;
  const link =
    payment.eventId && payment.occurrenceStartsAt
      ? occurrenceLink(deps.publicOrigin, payment.eventId, payment.occurrenceStartsAt)
      : `${deps.publicOrigin}/invoices`;
  try {
    await deps.mailer.send({
      to: payment.payerEmail,
      ...spotLostRefundMail({ name: payment.payerName, what: payment.description, amount, reason, link }),
    });
  } catch (error) {
    deps.log.error({ err: error, paymentId }, 'the refund mail of a lost spot failed');
  }
}
