import type { Payments, StripeEventContext } from '../payments/payments-core.ts';
import { confirmHeldSpot } from '../events/event-paid-spots.service.ts';
import { confirmPaidRegistration } from '../seasons/season-paid-registrations.service.ts';
import { paidGameLeftJob } from '../events/waitlist.service.ts';
import { recordOutsideRefunds } from './paid-game-refunds.service.ts';
import { confirmPendingPayment, releaseHold, type PaidGameDeps } from './paid-games.service.ts';
import { paidSeasonWithdrawnJob, type SeasonWithdrawnJob } from './season-refunds.service.ts';

/** The ledger row a Checkout session of a game pays, from the metadata Huddle set on it. */
const paymentIdOf = (session: StripeEventContext['object']) => {
  const metadata = session.metadata as Record<string, string> | undefined;
  const ours = metadata?.kind === 'event' || metadata?.kind === 'season';
  return session.mode === 'payment' && ours ? metadata.huddlePaymentId : undefined;
};

/**
 * The webhooks of paid games (decision 033), each in the payments core's transaction (applied
 * once; the session re-read from Stripe first). checkout.session.completed is what confirms a
 * spot (never the browser's return); checkout.session.expired releases it.
 */
export function definePaidGameWebhooks(payments: Payments, deps: PaidGameDeps): void {
  payments.onStripeEvent('checkout.session.completed', async ({ object: session, tx, afterCommit }) => {
    const paymentId = paymentIdOf(session);
    if (!paymentId || session.payment_status !== 'paid') return;
    const payment = await confirmPendingPayment(tx, deps, { paymentId, session });
    // Paid before (a replay under another event id), or not Huddle's.
    if (!payment) return;
    if (payment.kind === 'season') {
      if (payment.seasonId && payment.registrationId) {
        await confirmPaidRegistration(tx, { seasonId: payment.seasonId, registrationId: payment.registrationId });
        return;
      }
      // The registration went while the player was paying (withdrawn, or removed by an organizer
      // before any payment; its deletion unlinked the payment): a fee is never taken for a place
      // the player no longer has. Refunded in full after the
      // commit, in the withdrawal's job (decision 043).
      afterCommit(() =>
        deps.jobs.send<SeasonWithdrawnJob>(paidSeasonWithdrawnJob, { paymentId: payment.id, settlement: 'refund' }),
      );
      return;
    }
    const { eventId, partyId } = payment;
    if (eventId && partyId && (await confirmHeldSpot(tx, { eventId, partyId }))) return;
    // The spot went while the payer paid (they left meanwhile): refunded in full, in a job that
    // waits for this transaction's lock on the payment. Not awaited: the test queue runs jobs at
    // once, and this transaction must commit first.
    if (payment.eventId && payment.occurrenceStartsAt && payment.payerUserId) {
      void deps.jobs
        .send(paidGameLeftJob, {
          eventId: payment.eventId,
          occurrenceStartsAt: payment.occurrenceStartsAt.toISOString(),
          userId: payment.payerUserId,
          leftAt: payment.createdAt.toISOString(),
          spotLost: true,
        })
        .catch((error: unknown) => deps.log.error({ err: error, paymentId }, 'queueing a refund failed'));
    }
  });

  payments.onStripeEvent('checkout.session.expired', async ({ object: session, tx }) => {
    const paymentId = paymentIdOf(session);
    if (paymentId) await releaseHold(deps, paymentId, 'expired', tx);
  });

  // A refund made in Stripe's dashboard (decision 039); the charge comes with all its refunds.
  payments.onStripeEvent('charge.refunded', async ({ object: charge, tx }) => {
    await recordOutsideRefunds(tx, deps, charge);
  });
}
