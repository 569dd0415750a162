import { limitBelowTakenMessage } from '@huddle/shared/forms';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findSubmissionById,
  lockForm,
  markSubmissionPaid,
  moveSubmission,
  placesTaken,
  type FormRow,
  type SubmissionRow,
} from './forms.repository.ts';

/**
 * Decision 059: a form's limit counts the places held by open Checkouts as taken, both ways. A save
 * may not lower the limit below the submissions sent and held, and a held submission's payment
 * that completes becomes a sent one only while the sent ones leave it a place. Both decide under
 * the form's row lock, the lock every submission and offer takes, so a save and a completing
 * payment never pass each other.
 */

/**
 * Refuses a save that lowers the limit below the places taken (inside the save's transaction,
 * after lockForm). A limit left as it was is kept, whatever was taken meanwhile.
 */
export async function refuseLimitBelowTaken(
  tx: Database,
  { form, limit }: { form: FormRow; limit: number | null },
): Promise<void> {
  const before = form.settings.submissionLimit;
  const lowered = limit !== null && (before === null || limit < before);
  if (!lowered) return;
  const taken = await placesTaken(tx, form.id);
  if (limit >= taken.sent + taken.paying) return;
  const message = limitBelowTakenMessage(taken);
  throw new AppError('VALIDATION_FAILED', message, { 'settings.submissionLimit': [message] });
}

export type HeldPlaceConfirmation =
  | { kind: 'sent'; row: SubmissionRow }
  /** It held no place: a balance paid on a sent submission, or one withdrawn meanwhile. */
  | { kind: 'notHeld' }
  /** The sent submissions fill the limit (lowered before decision 059): it waits again, or ends. */
  | { kind: 'noRoom'; row: SubmissionRow };

/**
 * The payment of a held submission completed (the webhook's transaction, after the payment's row
 * lock). With no place left, the submission goes back to the waitlist when the form has one (its
 * turn is its sending time, ahead of those who came to a full form) and ends otherwise; the caller
 * refunds the payment.
 */
export async function confirmHeldSubmission(tx: Database, submissionId: string): Promise<HeldPlaceConfirmation> {
  const found = await findSubmissionById(tx, submissionId);
  if (found?.status !== 'awaiting_payment') return { kind: 'notHeld' };
  const form = await lockForm(tx, found.formId);
  const limit = form?.settings.submissionLimit ?? null;
  if (form && limit !== null && (await placesTaken(tx, form.id)).sent >= limit) {
    const to = form.settings.whenFull === 'waitlist' ? 'waitlisted' : 'cancelled';
    const row = await moveSubmission(tx, submissionId, 'awaiting_payment', to);
    return row ? { kind: 'noRoom', row } : { kind: 'notHeld' };
  }
  const row = await markSubmissionPaid(tx, submissionId);
  return row ? { kind: 'sent', row } : { kind: 'notHeld' };
}
