import {
  formMessages,
  formPaymentMessages,
  submissionPaymentState,
  type SubmissionPayment,
  type SubmissionPaymentView,
} from '@huddle/shared/forms';
import type { PaymentStatus } from '@huddle/shared/payments';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { canTakeCharges } from '../paid-games/payees.service.ts';
import {
  expireCheckout,
  findLedgerPayment,
  openCheckout,
  payeeOf,
  paymentsOfFormSubmissions,
  recordPendingPayment,
  sameCheckout,
  type PaidGameDeps,
} from '../paid-games/paid-games.service.ts';
import { releasePaidRegistration } from '../seasons/season-paid-registrations.service.ts';
import { registerWithinCapacity } from '../seasons/seasons.service.ts';
import { accessTo } from './forms.access.ts';
import {
  findForm,
  findSeasonLabel,
  findSeasonTerms,
  findSubmission,
  findTeamOwnerId,
  lockSubmission,
  releaseSubmission,
  type FormRow,
  type SubmissionRow,
} from './forms.repository.ts';

/**
 * Decision 036: paying for a form's submission. The total is fixed when the form is sent (from
 * the saved definition); what is due first (the deposit, or the whole) is paid by a Checkout on
 * the payee's connected account, as paid games are (decision 033); the balance later.
 */
export type FormPaymentDeps = PaidGameDeps;

type LedgerRow = Awaited<ReturnType<typeof paymentsOfFormSubmissions>>[number];

const settled: PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];
const submissionNotFound = () => new AppError('NOT_FOUND', formPaymentMessages.notFound);

/** The key of a visitor's payment link: 32 random bytes, only in the mail and the submit reply. */
export const newAccessKey = () => randomBytes(32).toString('base64url');

/** Who is paid for a form: a team's form pays the team's owner (as its seasons do), else its maker. */
/** The payee of a form, or of one about to be made (a new form's maker and team: decision 063). */
export type FormOwner = Pick<FormRow, 'teamId' | 'ownerUserId'>;

export async function formPayeeId(db: Database, form: FormOwner): Promise<string | undefined> {
  if (form.teamId) return findTeamOwnerId(db, form.teamId);
  return form.ownerUserId ?? undefined;
}

/** Whether the builder offers payment items: the payee's account can take charges. */
export async function formCanTakePayments(db: Database, form: FormOwner): Promise<boolean> {
  const payeeId = await formPayeeId(db, form);
  return payeeId !== undefined && canTakeCharges(db, payeeId);
}

/** The payee's connected account, or a refusal the filler reads (the organizer unlinked Stripe). */
export async function formPayee(db: Database, form: FormRow) {
  const payeeId = await formPayeeId(db, form);
  if (!payeeId) throw new AppError('CONFLICT', formPaymentMessages.ownerCannotTakePayments);
  try {
    return await payeeOf(db, { creatorId: payeeId });
  } catch {
    throw new AppError('CONFLICT', formPaymentMessages.ownerCannotTakePayments);
  }
}

/** The linked season's fee as a line of the form's total, when it has one. */
export async function seasonFeeOf(db: Database, form: FormRow) {
  const seasonId = form.settings.seasonId;
  if (!seasonId) return null;
  const terms = await findSeasonTerms(db, seasonId);
  if (!terms?.feeCents) return null;
  return { label: `${(await findSeasonLabel(db, seasonId)) ?? ''} season`.trim(), feeCents: terms.feeCents };
}

/** A submission's total and the state of its settled payments; null when it costs nothing. */
export function toSubmissionPayment(row: SubmissionRow, ledger: LedgerRow[]): SubmissionPayment | null {
  if (row.totalCents <= 0) return null;
  const done = ledger.filter((payment) => settled.includes(payment.status));
  const paidCents = done.reduce((sum, payment) => sum + payment.amountCents, 0);
  const refundedCents = done.reduce((sum, payment) => sum + payment.refundedCents, 0);
  return {
    ...submissionPaymentState({ totalCents: row.totalCents, paidCents, refundedCents }),
    lines: row.paymentLines,
    totalCents: row.totalCents,
    paidCents,
    refundedCents,
    payments: ledger
      .filter((payment) => payment.status !== 'failed')
      .map((payment) => ({
        id: payment.id,
        status: payment.status,
        amountCents: payment.amountCents,
        refundedCents: payment.refundedCents,
        receiptNumber: payment.receiptNumber,
        paidAt: payment.paidAt?.toISOString() ?? null,
      })),
  };
}

/** The payments of many submissions at once (a page of the table, the CSV). */
export async function submissionPayments(db: Database, rows: SubmissionRow[]) {
  const ledger = await paymentsOfFormSubmissions(
    db,
    rows.filter((row) => row.totalCents > 0).map((row) => row.id),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      toSubmissionPayment(
        row,
        ledger.filter((payment) => payment.formSubmissionId === row.id),
      ),
    ]),
  );
}

/** Whether the given key is the submission's (constant time): a visitor's proof they sent it. */
export const sameKey = (given: string | undefined, stored: string | null) =>
  given !== undefined &&
  stored !== null &&
  given.length === stored.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(stored));

/**
 * A submission's payment page is its filler's (signed in, or holding the key of the mailed link)
 * and its form's readers'. Anyone else gets 404, as if it did not exist.
 */
async function payableSubmission(
  db: Database,
  { viewerId, formId, submissionId, key }: { viewerId?: string; formId: string; submissionId: string; key?: string },
) {
  const form = await findForm(db, formId);
  const row = form ? await findSubmission(db, formId, submissionId) : undefined;
  if (!form || !row) throw submissionNotFound();
  const filler = (viewerId !== undefined && row.userId === viewerId) || sameKey(key, row.accessKey);
  if (!filler && !(await accessTo(db, form, viewerId)).canRead) throw submissionNotFound();
  return { form, row, filler };
}

/** What paying now would charge: the held Checkout's amount at first, then the balance. */
function dueNow(row: SubmissionRow, payment: SubmissionPayment, ledger: LedgerRow[]) {
  if (row.status === 'awaiting_payment') {
    return ledger.find((entry) => entry.status === 'pending')?.amountCents ?? 0;
  }
  return row.status === 'submitted' ? payment.balanceCents : 0;
}

async function paymentView(
  db: Database,
  form: FormRow,
  submissionId: string,
  isFiller: boolean,
): Promise<SubmissionPaymentView> {
  const row = await findSubmission(db, form.id, submissionId);
  if (!row) throw submissionNotFound();
  const ledger = await paymentsOfFormSubmissions(db, [row.id]);
  const payment = toSubmissionPayment(row, ledger);
  if (!payment) throw new AppError('CONFLICT', formPaymentMessages.nothingOwed);
  return {
    form: { id: form.id, title: form.title },
    submissionId: row.id,
    name: row.name,
    status: row.status,
    dueNowCents: dueNow(row, payment, ledger),
    pending: ledger.some((entry) => entry.status === 'pending'),
    payment,
    isFiller,
  };
}

export async function getSubmissionPayment(
  db: Database,
  input: { viewerId?: string; formId: string; submissionId: string; key?: string },
): Promise<SubmissionPaymentView> {
  const { form, filler } = await payableSubmission(db, input);
  return paymentView(db, form, input.submissionId, filler);
}

/** The page the filler pays on, and comes back to (the key keeps a visitor's link working). */
const payPagePath = (row: SubmissionRow, key: string | undefined, balance: boolean) =>
  `/${balance ? 'pay-balance' : 'form/payment'}/${row.formId}/${row.id}${key ? `?key=${key}` : ''}`;

/**
 * The ledger row of what is due, written under the submission's lock: a second press (or fifty)
 * finds the pending one and goes back to its Checkout instead of opening another.
 */
export async function holdPayment(
  tx: Database,
  deps: FormPaymentDeps,
  {
    form,
    row,
    amountCents,
    payee,
    part,
    registrationId = null,
  }: {
    form: FormRow;
    row: SubmissionRow;
    amountCents: number;
    payee: Awaited<ReturnType<typeof formPayee>>;
    part: 'whole' | 'deposit' | 'balance';
    /** The season registration this payment holds (decision 040), released if it goes unpaid. */
    registrationId?: string | null;
  },
) {
  return recordPendingPayment(tx, {
    kind: 'form',
    status: 'pending',
    payerUserId: row.userId,
    payerName: row.name,
    payerEmail: row.email,
    payeeUserId: payee.userId,
    teamId: form.teamId,
    seasonId: form.settings.seasonId,
    registrationId,
    formSubmissionId: row.id,
    description: `${form.title}${part === 'whole' ? '' : ` · ${part}`}`,
    quantity: 1,
    amountCents,
    feeCents: Math.round((amountCents * deps.platformFeePercent) / 100),
    stripeAccountId: payee.stripeAccountId,
  });
}

/** Opens the Checkout of a pending form payment; when Stripe refuses, a held place goes back at once. */
export async function openFormCheckout(
  deps: FormPaymentDeps,
  { payment, row, key, balance }: { payment: LedgerRow; row: SubmissionRow; key?: string; balance: boolean },
) {
  const path = payPagePath(row, key, balance);
  try {
    return await openCheckout(deps, { payment, cancelPath: path, successPath: path });
  } catch (error) {
    await deps.db.transaction(async (tx) => releaseHeldPlace(tx, payment));
    await placesFreed(deps, row.formId);
    throw error;
  }
}

/** The job that offers a form's freed places to its waitlist (decision 040). */
export const offerPlacesJob = 'forms.offer-freed-places';

/**
 * A place of the form may have come free (a hold ended unpaid, a refund withdrew a submission,
 * the limit went up): the offer job looks, under the form's lock. Sent after the commit that
 * freed it, so the job counts the place as free.
 */
export async function placesFreed(deps: Pick<FormPaymentDeps, 'jobs' | 'log'>, formId: string) {
  try {
    await deps.jobs.send(offerPlacesJob, { formId }, { singletonKey: `forms-offer:${formId}` });
  } catch (error) {
    // The next place freed (or limit raised) sends it again; the waitlist keeps its order meanwhile.
    deps.log.error({ err: error, formId }, 'queueing the waitlist offers failed');
  }
}

/**
 * Decision 040: a linked season's place is held for a submission with something to pay, as a
 * pending registration that counts against the season's capacity (its lock, as for any
 * registration). 'already': the filler is registered; 'full': no place to hold.
 */
export async function holdSeasonPlace(
  tx: Database,
  form: FormRow,
  who: Pick<SubmissionRow, 'userId' | 'guestId' | 'name' | 'email'>,
): Promise<{ kind: 'none' | 'already' | 'full' } | { kind: 'held'; registrationId: string }> {
  const seasonId = form.settings.seasonId;
  if (!seasonId || !form.teamId || (!who.userId && !who.guestId)) return { kind: 'none' };
  const outcome = await registerWithinCapacity(tx, { seasonId, teamId: form.teamId, ...who });
  if (outcome.kind === 'created') return { kind: 'held', registrationId: outcome.row.id };
  return { kind: outcome.kind === 'full' ? 'full' : 'already' };
}

/**
 * A held submission's payment ended unpaid: its form place and its season place (when it held
 * one) go back. Returns the submission when it was held.
 */
export async function releaseHeldPlace(
  tx: Database,
  payment: Pick<LedgerRow, 'formSubmissionId' | 'seasonId' | 'registrationId'>,
) {
  if (!payment.formSubmissionId) return undefined;
  const released = await releaseSubmission(tx, payment.formSubmissionId);
  if (released && payment.seasonId && payment.registrationId) {
    await releasePaidRegistration(tx, { seasonId: payment.seasonId, registrationId: payment.registrationId });
  }
  return released;
}

/**
 * `form/payment/…` and `pay-balance/…`: the Checkout of what is due now. A held submission goes
 * back to the Checkout opened when it was sent; a sent one with a balance gets one for the
 * balance. Only its filler pays (organizers see the page but do not pay for someone).
 */
export async function startFormCheckout(
  deps: FormPaymentDeps,
  input: { viewerId?: string; formId: string; submissionId: string; key?: string },
) {
  const { form, row, filler } = await payableSubmission(deps.db, input);
  if (!filler) throw new AppError('FORBIDDEN', 'Only the person who sent this form pays for it.');
  if (row.status === 'cancelled') throw new AppError('CONFLICT', formPaymentMessages.cancelled);
  if (row.status === 'waitlisted') throw new AppError('CONFLICT', formPaymentMessages.waitlisted);
  const payee = row.status === 'submitted' ? await formPayee(deps.db, form) : undefined;
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockSubmission(tx, form.id, row.id);
    if (!locked) throw submissionNotFound();
    const ledger = await paymentsOfFormSubmissions(tx, [locked.id]);
    const pending = ledger.find((entry) => entry.status === 'pending');
    if (pending) return { pending, created: false };
    const summary = toSubmissionPayment(locked, ledger);
    if (locked.status !== 'submitted' || !payee || !summary || summary.balanceCents <= 0) {
      throw new AppError('CONFLICT', formPaymentMessages.nothingOwed);
    }
    const created = await holdPayment(tx, deps, {
      form,
      row: locked,
      amountCents: summary.balanceCents,
      payee,
      part: 'balance',
    });
    return { pending: created, created: true };
  });
  if (!outcome.created) {
    const same = await sameCheckout(deps, outcome.pending);
    if (same) return { url: same.url, paymentId: same.paymentId };
    // Opened at submission but not yet with its session id (the reply was lost), or closing now.
    if (outcome.pending.stripeCheckoutSessionId) throw new AppError('CONFLICT', formPaymentMessages.processing);
  }
  const opened = await openFormCheckout(deps, {
    payment: outcome.pending,
    row,
    key: input.key,
    balance: row.status === 'submitted',
  });
  return { url: opened.url, paymentId: opened.paymentId };
}

/**
 * Back from Checkout's Cancel: the session is ended at Stripe and a held place goes back (the
 * checkout.session.expired webhook does the same, whichever comes first).
 */
export async function cancelFormPayment(
  deps: FormPaymentDeps,
  input: { viewerId?: string; formId: string; submissionId: string; paymentId: string; key?: string },
): Promise<SubmissionPaymentView> {
  const { form, row, filler } = await payableSubmission(deps.db, input);
  if (!filler) throw submissionNotFound();
  const payment = await findLedgerPayment(deps.db, input.paymentId);
  if (payment?.formSubmissionId !== row.id) throw new AppError('NOT_FOUND', 'Payment not found.');
  if (payment.status === 'pending') {
    await expireCheckout(deps, payment);
    const after = await findLedgerPayment(deps.db, payment.id);
    if (after?.status === 'expired') {
      const released = await deps.db.transaction(async (tx) => releaseHeldPlace(tx, after));
      if (released) await placesFreed(deps, form.id);
    }
  }
  return paymentView(deps.db, form, row.id, filler);
}

/** A paid-season form must be able to take the fee: linking one needs the payee's Stripe. */
export async function refuseUnpayableSeason(db: Database, form: FormOwner, seasonFeeCents: number | null) {
  if (!seasonFeeCents) return;
  if (!(await formCanTakePayments(db, form))) {
    throw new AppError('VALIDATION_FAILED', formMessages.paidSeason, {
      'settings.seasonId': [formMessages.paidSeason],
    });
  }
}

/** Payment items need the payee's Stripe: refused beside each such field until it can take charges. */
export async function refuseUnpayableItems(db: Database, form: FormOwner, fields: FormRow['fields']) {
  const paid = fields.flatMap((field, index) => (field.type === 'payment' ? [index] : []));
  if (paid.length === 0 || (await formCanTakePayments(db, form))) return;
  throw new AppError(
    'VALIDATION_FAILED',
    formPaymentMessages.connectStripe,
    Object.fromEntries(paid.map((index) => [`fields.${index}.type`, [formPaymentMessages.connectStripe]])),
  );
}
