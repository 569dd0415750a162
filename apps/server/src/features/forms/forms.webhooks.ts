import { formatUsd } from '@huddle/shared/paid-games';
import type { Payments, StripeEventContext } from '../payments/payments-core.ts';
import { refundPayment } from '../paid-games/paid-game-refunds.service.ts';
import {
  confirmPendingPayment,
  findLedgerPayment,
  releaseHold,
  type PaidGameDeps,
} from '../paid-games/paid-games.service.ts';
import { isRegistrationHeld, releasePaidRegistration } from '../seasons/season-paid-registrations.service.ts';
import { registerWithinCapacity } from '../seasons/seasons.service.ts';
import { placesFreed, releaseHeldPlace } from './form-payments.service.ts';
import { settleEndedPaymentJob } from './form-withdrawals.service.ts';
import { confirmHeldSubmission } from './form-places.service.ts';
import { formFullRefundMail, unregisteredRefundMail } from './forms.mails.ts';
import {
  findForm,
  findSeasonLabel,
  findSubmissionById,
  linkSubmissionRegistration,
  moveSubmission,
} from './forms.repository.ts';

/** The ledger row a Checkout session of a form pays, from the metadata Huddle set on it. */
const paymentIdOf = (session: StripeEventContext['object']) => {
  const metadata = session.metadata as Record<string, string> | undefined;
  return session.mode === 'payment' && metadata?.kind === 'form' ? metadata.huddlePaymentId : undefined;
};

/**
 * The job refunding a form payment that got its payer nothing: no place left in the linked season
 * (decision 040), or in the form itself (decision 059). Jobs queued before 059 carry no reason.
 */
export const refundUnregisteredJob = 'forms.refund-unregistered';

export interface RefundUnregisteredJob {
  paymentId: string;
  reason?: 'seasonFull' | 'formFull';
}

const queueRefund = async (deps: PaidGameDeps, job: RefundUnregisteredJob) => {
  try {
    await deps.jobs.send<RefundUnregisteredJob>(refundUnregisteredJob, job);
  } catch (error) {
    deps.log.error({ err: error, paymentId: job.paymentId }, 'queueing the refund of a payer without a place failed');
  }
};

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
    const held = payment.formSubmissionId
      ? await confirmHeldSubmission(tx, payment.formSubmissionId)
      : ({ kind: 'notHeld' } as const);
    if (held.kind === 'noRoom') {
      // Decision 059: the limit was lowered below the held places before that was refused. The
      // payer is never charged for a place they do not get: the season place it held goes too,
      // and the payment is refunded in full after the commit, with a mail saying why.
      if (payment.seasonId && payment.registrationId) {
        await releasePaidRegistration(tx, { seasonId: payment.seasonId, registrationId: payment.registrationId });
      }
      deps.log.warn({ paymentId }, 'paid form: no place left, refunding');
      afterCommit(() => queueRefund(deps, { paymentId, reason: 'formFull' }));
      return;
    }
    const submission = held.kind === 'sent' ? held.row : undefined;
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
      await queueRefund(deps, { paymentId, reason: 'seasonFull' });
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
export async function refundUnregisteredPayer(
  deps: PaidGameDeps,
  { paymentId, reason = 'seasonFull' }: RefundUnregisteredJob,
) {
  const payment = await findLedgerPayment(deps.db, paymentId);
  if (!payment?.formSubmissionId || !['paid', 'partially_refunded'].includes(payment.status)) return;
  const left = payment.amountCents - payment.refundedCents;
  if (left <= 0) return;
  await refundPayment(deps, { paymentId, reason: reason === 'formFull' ? 'form_full' : 'season_full' });
  const submission = await findSubmissionById(deps.db, payment.formSubmissionId);
  const form = submission ? await findForm(deps.db, submission.formId) : undefined;
  const formTitle = form?.title ?? payment.description;
  const mail =
    reason === 'formFull'
      ? formFullRefundMail({
          name: payment.payerName,
          formTitle,
          amount: formatUsd(left),
          waitlisted: submission?.status === 'waitlisted',
        })
      : unregisteredRefundMail({
          name: payment.payerName,
          formTitle,
          seasonLabel: payment.seasonId ? ((await findSeasonLabel(deps.db, payment.seasonId)) ?? '') : '',
          amount: formatUsd(left),
        });
  await deps.mailer.send({ to: payment.payerEmail, ...mail });
}
