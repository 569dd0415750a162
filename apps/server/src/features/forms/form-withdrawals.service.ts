import type { PaymentStatus } from '@huddle/shared/payments';
import { AppError } from '../../lib/app-error.ts';
import { refundPayment } from '../paid-games/paid-game-refunds.service.ts';
import { expireCheckout, findLedgerPayment, paymentsOfFormSubmissions } from '../paid-games/paid-games.service.ts';
import { endFormRegistration } from '../seasons/season-paid-registrations.service.ts';
import { placesFreed, sameKey, type FormPaymentDeps } from './form-payments.service.ts';
import {
  deleteSubmissionRow,
  findForm,
  findSubmission,
  lockSubmission,
  moveSubmission,
  type FormRow,
} from './forms.repository.ts';

/**
 * Decision 044: a submission ends — its filler withdraws it, or its form's readers delete it.
 * Both take the same steps: under the submission's row lock its season registration ends and the
 * row is cancelled (withdrawn, kept for the record) or deleted (its uploads go by cascade, and the
 * form_uploads trigger queues their bytes). After the commit, each of its payments is settled by
 * a retried job — an open Checkout is ended, what was paid is refunded in full, as an organizer's
 * full refund does (decision 040) — and a place it held is offered to the waitlist. Only the call
 * that ended it does that: ten withdrawals at once refund once and offer once.
 */

/** The job that ends an ended submission's payment: its Checkout closed, or what is left refunded. */
export const settleEndedPaymentJob = 'forms.settle-ended-payment';

const counted = (status: string) => status === 'submitted' || status === 'awaiting_payment';
const open: PaymentStatus[] = ['pending', 'paid', 'partially_refunded'];

const submissionNotFound = () => new AppError('NOT_FOUND', 'This submission does not exist.');

export async function endSubmission(
  deps: FormPaymentDeps,
  { form, submissionId, end }: { form: FormRow; submissionId: string; end: 'withdraw' | 'delete' },
) {
  const ended = await deps.db.transaction(async (tx) => {
    const row = await lockSubmission(tx, form.id, submissionId);
    if (!row) throw submissionNotFound();
    // Withdrawn already (by this person, a parallel call, or a refund): nothing more to do.
    if (end === 'withdraw' && row.status === 'cancelled') return undefined;
    const ledger = await paymentsOfFormSubmissions(tx, [row.id]);
    // The registration it made, and any a payment of it held (rows from before the column).
    const registrationIds = new Set(
      [row.seasonRegistrationId, ...ledger.map((payment) => payment.registrationId)].flatMap((id) => (id ? [id] : [])),
    );
    for (const registrationId of registrationIds) await endFormRegistration(tx, registrationId);
    if (end === 'delete') await deleteSubmissionRow(tx, row.id);
    else await moveSubmission(tx, row.id, row.status, 'cancelled');
    return {
      freed: counted(row.status),
      paymentIds: ledger.filter((payment) => open.includes(payment.status)).map((payment) => payment.id),
    };
  });
  if (!ended) return;
  for (const paymentId of ended.paymentIds) {
    try {
      await deps.jobs.send(settleEndedPaymentJob, { paymentId });
    } catch (error) {
      deps.log.error({ err: error, paymentId }, 'queueing the refund of an ended submission failed');
    }
  }
  if (ended.freed) await placesFreed(deps, form.id);
}

/**
 * The settle job (retried). An open Checkout is ended first; if it was completed meanwhile and the
 * webhook has not confirmed it yet, the job fails and is retried until it has. Then what is left of
 * a paid payment goes back to the payer; a second run finds nothing left and changes nothing.
 */
export async function settleEndedPayment(deps: FormPaymentDeps, { paymentId }: { paymentId: string }) {
  let payment = await findLedgerPayment(deps.db, paymentId);
  if (payment?.status === 'pending') {
    await expireCheckout(deps, payment);
    payment = await findLedgerPayment(deps.db, paymentId);
    if (payment?.status === 'pending') throw new Error('the ended submission’s payment is still being confirmed');
  }
  if (!payment || (payment.status !== 'paid' && payment.status !== 'partially_refunded')) return;
  // Turned into credit (decision 035) or never charged through Stripe: nothing to send back.
  if (payment.creditedCents > 0 || !payment.stripePaymentIntentId) return;
  if (payment.amountCents - payment.refundedCents <= 0) return;
  await refundPayment(deps, { paymentId, reason: 'submission_ended' });
}

/**
 * The filler withdraws their own submission: signed in as its person, or a visitor with the key
 * of the mailed link (the rule of its payment page, decision 036). Anyone else gets 404.
 */
export async function withdrawSubmission(
  deps: FormPaymentDeps,
  { viewerId, formId, submissionId, key }: { viewerId?: string; formId: string; submissionId: string; key?: string },
) {
  const form = await findForm(deps.db, formId);
  const row = form ? await findSubmission(deps.db, formId, submissionId) : undefined;
  if (!form || !row) throw submissionNotFound();
  const filler = (viewerId !== undefined && row.userId === viewerId) || sameKey(key, row.accessKey);
  if (!filler) throw submissionNotFound();
  await endSubmission(deps, { form, submissionId, end: 'withdraw' });
  return { ok: true as const };
}
