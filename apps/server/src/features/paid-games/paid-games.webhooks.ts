import type { Payments, StripeEventContext } from '../payments/payments-core.ts';
import { confirmHeldSpot, sendHoldNotices } from '../events/event-paid-spots.service.ts';
import { confirmPaidRegistration } from '../seasons/season-paid-registrations.service.ts';
import { paidSpotLostJob, type SpotLostJob } from './lost-spot-refunds.service.ts';
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
    const spot =
      eventId && partyId
        ? await confirmHeldSpot(tx, { eventId, partyId, now: deps.clock.now() })
        : ({ kind: 'gone' } as const);
    if (spot.kind === 'joined') return;
    // Paid with no spot to give (decision 059): the player left while paying, or the joined people
    // fill the spots and the party waits again in its turn. Never kept: the payment is refunded in
    // full and the payer told, by a job after the commit (no Stripe call inside this transaction).
    afterCommit(async () => {
      if (spot.kind === 'noRoom') await sendHoldNotices(deps, spot.notices);
      try {
        await deps.jobs.send<SpotLostJob>(paidSpotLostJob, { paymentId: payment.id, reason: spot.kind });
      } catch (error) {
        deps.log.error({ err: error, paymentId }, 'queueing the refund of a lost spot failed');
      }
    });
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
