import { formatUsd } from '@huddle/shared/paid-games';
import type { Payments, StripeEventContext } from '../payments/payments-core.ts';
import { refundPayment } from '../paid-games/paid-game-refunds.service.ts';
import {
  confirmPendingPayment,
  findLedgerPayment,
  releaseHold,
  type PaidGameDeps,
} from '../paid-games/paid-games.service.ts';
import { isRegistrationHeld } from '../seasons/season-paid-registrations.service.ts';
import { registerWithinCapacity } from '../seasons/seasons.service.ts';
import { placesFreed, releaseHeldPlace } from './form-payments.service.ts';
import { settleEndedPaymentJob } from './form-withdrawals.service.ts';
import { unregisteredRefundMail } from './forms.mails.ts';
import {
  findForm,
  findSeasonLabel,
  findSubmissionById,
  linkSubmissionRegistration,
  markSubmissionPaid,
  moveSubmission,
} from './forms.repository.ts';

/** The ledger row a Checkout session of a form pays, from the metadata Huddle set on it. */
const paymentIdOf = (session: StripeEventContext['object']) => {
  const metadata = session.metadata as Record<string, string> | undefined;
  return session.mode === 'payment' && metadata?.kind === 'form' ? metadata.huddlePaymentId : undefined;
};

/** The job refunding a form payment whose payer could not be registered for its season (decision 040). */
export const refundUnregisteredJob = 'forms.refund-unregistered';

const settleEnded = async (deps: PaidGameDeps, paymentId: string) => {
  try {
    await deps.jobs.send(settleEndedPaymentJob, { paymentId });
  } catch (error) {
    deps.log.error({ err: error, paymentId }, 'queueing the refund of an ended submission failed');
  }
};

/**
 * Decision 036: a form's payment is confirmed by checkout.session.completed only (never the
 * browser's return), in the payments core's once-only transaction; checkout.session.expired gives
 * a held place back. A held submission becomes sent, and its linked season registers its filler
 * in the same transaction: paid and registered, or neither (the webhook is retried).
 */
export function defineFormWebhooks(payments: Payments, deps: PaidGameDeps): void {
  payments.onStripeEvent('checkout.session.completed', async ({ object: session, tx, afterCommit }) => {
    const paymentId = paymentIdOf(session);
    if (!paymentId || session.payment_status !== 'paid') return;
    const payment = await confirmPendingPayment(tx, deps, { paymentId, session });
    if (!payment) return;
    const submission = payment.formSubmissionId ? await markSubmissionPaid(tx, payment.formSubmissionId) : undefined;
    if (!submission) {
      // Decision 044: the submission was withdrawn or deleted while its Checkout was being paid:
      // the payment goes back (a balance paid on a sent submission is the usual case, and stays).
      const ended =
        !payment.formSubmissionId || (await findSubmissionById(tx, payment.formSubmissionId))?.status === 'cancelled';
      if (ended) afterCommit(() => settleEnded(deps, payment.id));
      return;
    }
    const form = await findForm(tx, submission.formId);
    const seasonId = form?.settings.seasonId;
    if (!form?.teamId || !seasonId) return;
    // Decision 040: the submission held the season's place (a pending registration) while its
    // payment was open, so a paid filler is registered however the season filled meanwhile.
    const registrationId = payment.seasonId === seasonId ? payment.registrationId : null;
    if (registrationId && (await isRegistrationHeld(tx, { seasonId, registrationId }))) return;
    // No hold (the filler was registered already, or the organizer removed the held registration):
    // register now, within the capacity.
    const registration = await registerWithinCapacity(tx, {
      seasonId,
      teamId: form.teamId,
      userId: submission.userId,
      guestId: submission.guestId,
      name: submission.name,
      email: submission.email,
    });
    if (registration.kind === 'created') await linkSubmissionRegistration(tx, submission.id, registration.row.id);
    if (registration.kind !== 'full') return;
    // No place left: the payer is never charged for a place they do not get. The submission is
    // withdrawn (its form place goes to the waitlist) and the payment refunded in full after the
    // commit (no Stripe call inside the event's transaction), with a mail saying why.
    await moveSubmission(tx, submission.id, 'submitted', 'cancelled');
    deps.log.warn({ paymentId, seasonId }, 'paid form: season full, refunding');
    afterCommit(async () => {
      try {
        await deps.jobs.send(refundUnregisteredJob, { paymentId });
      } catch (error) {
        deps.log.error({ err: error, paymentId }, 'queueing the refund of an unregistered payer failed');
      }
      await placesFreed(deps, form.id);
    });
  });

  payments.onStripeEvent('checkout.session.expired', async ({ object: session, tx, afterCommit }) => {
    const paymentId = paymentIdOf(session);
    if (!paymentId) return;
    await releaseHold(deps, paymentId, 'expired', tx);
    const payment = await findLedgerPayment(tx, paymentId);
    if (payment?.status !== 'expired') return;
    const released = await releaseHeldPlace(tx, payment);
    // The place is offered to the waitlist once this release is committed (decision 040).
    if (released) afterCommit(() => placesFreed(deps, released.formId));
  });
}

/**
 * The refund job (retried): what is left of the payment goes back to the payer, and they are
 * told why. A retry after the refund finds nothing left and changes nothing.
 */
export async function refundUnregisteredPayer(deps: PaidGameDeps, { paymentId }: { paymentId: string }) {
  const payment = await findLedgerPayment(deps.db, paymentId);
  if (!payment?.formSubmissionId || !['paid', 'partially_refunded'].includes(payment.status)) return;
  const left = payment.amountCents - payment.refundedCents;
  if (left <= 0) return;
  await refundPayment(deps, { paymentId, reason: 'season_full' });
  const seasonLabel = payment.seasonId ? ((await findSeasonLabel(deps.db, payment.seasonId)) ?? '') : '';
  const submission = await findSubmissionById(deps.db, payment.formSubmissionId);
  const form = submission ? await findForm(deps.db, submission.formId) : undefined;
  await deps.mailer.send({
    to: payment.payerEmail,
    ...unregisteredRefundMail({
      name: payment.payerName,
      formTitle: form?.title ?? payment.description,
      seasonLabel,
      amount: formatUsd(left),
    }),
  });
}
