import type { Payments, StripeEventContext } from '../payments/payments-core.ts';
import {
  confirmPendingPayment,
  findLedgerPayment,
  releaseHold,
  type PaidGameDeps,
} from '../paid-games/paid-games.service.ts';
import { registerWithinCapacity } from '../seasons/seasons.service.ts';
import { findForm, markSubmissionPaid, releaseSubmission } from './forms.repository.ts';

/** The ledger row a Checkout session of a form pays, from the metadata Huddle set on it. */
const paymentIdOf = (session: StripeEventContext['object']) => {
  const metadata = session.metadata as Record<string, string> | undefined;
  return session.mode === 'payment' && metadata?.kind === 'form' ? metadata.huddlePaymentId : undefined;
};

/**
 * Decision 036: a form's payment is confirmed by checkout.session.completed only (never the
 * browser's return), in the payments core's once-only transaction; checkout.session.expired gives
 * a held place back. A held submission becomes sent, and its linked season registers its filler
 * in the same transaction: paid and registered, or neither (the webhook is retried).
 */
export function defineFormWebhooks(payments: Payments, deps: PaidGameDeps): void {
  payments.onStripeEvent('checkout.session.completed', async ({ object: session, tx }) => {
    const paymentId = paymentIdOf(session);
    if (!paymentId || session.payment_status !== 'paid') return;
    const payment = await confirmPendingPayment(tx, deps, { paymentId, session });
    if (!payment?.formSubmissionId) return;
    const submission = await markSubmissionPaid(tx, payment.formSubmissionId);
    if (!submission) return;
    const form = await findForm(tx, submission.formId);
    const seasonId = form?.settings.seasonId;
    // Held submissions register on payment, free season or not: a place never paid for holds none.
    if (!form?.teamId || !seasonId) return;
    const registration = await registerWithinCapacity(tx, {
      seasonId,
      teamId: form.teamId,
      userId: submission.userId,
      guestId: submission.guestId,
      name: submission.name,
      email: submission.email,
    });
    // The place was held by the submission, but the season's own capacity may have filled from the
    // team page meanwhile: the payment stands and the organizer sees it unregistered (decision 036).
    if (registration.kind === 'full') deps.log.warn({ paymentId, seasonId }, 'paid form: season full');
  });

  payments.onStripeEvent('checkout.session.expired', async ({ object: session, tx }) => {
    const paymentId = paymentIdOf(session);
    if (!paymentId) return;
    await releaseHold(deps, paymentId, 'expired', tx);
    const payment = await findLedgerPayment(tx, paymentId);
    if (payment?.status === 'expired' && payment.formSubmissionId)
      await releaseSubmission(tx, payment.formSubmissionId);
  });
}
