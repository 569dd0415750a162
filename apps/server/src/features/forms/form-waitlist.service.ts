import { formatUsd } from '@huddle/shared/paid-games';
import { splitDeposit } from '@huddle/shared/forms';
import type { Database } from '../../db/client.ts';
import { openCheckout } from '../paid-games/paid-games.service.ts';
import { releasePaidRegistration } from '../seasons/season-paid-registrations.service.ts';
import {
  formCanTakePayments,
  formPayee,
  holdPayment,
  holdSeasonPlace,
  placesFreed,
  type FormPaymentDeps,
} from './form-payments.service.ts';
import { placeOfferedMail } from './forms.mails.ts';
import {
  firstWaitlisted,
  formsWithWaitingOffers,
  linkSubmissionRegistration,
  lockForm,
  moveSubmission,
  takenPlaces,
  type FormRow,
  type SubmissionRow,
} from './forms.repository.ts';

/**
 * Decision 040: a freed place of a full form goes to its waitlist, first come first offered. A
 * waitlisted submission with something to pay is OFFERED the place: it is held (it counts toward
 * the limit, as any held submission) with a pending payment whose Checkout stays open for
 * `offerHoldMs`, and the filler is mailed the link to their payment page; an offer left unpaid
 * expires like any hold (checkout.session.expired) and the place passes to the next. A waitlisted
 * submission with nothing to pay is simply taken on.
 */

/** Stripe keeps a Checkout open for at most 24 hours: the mailed offer waits a little less. */
export const offerHoldMs = 23 * 60 * 60 * 1000;

type Taken = { row: SubmissionRow; payment?: Awaited<ReturnType<typeof holdPayment>> };

/** One waitlisted submission takes a place, or none can now (its season is full, payments are off). */
async function takePlace(
  tx: Database,
  deps: FormPaymentDeps,
  form: FormRow,
  row: SubmissionRow,
): Promise<Taken | undefined> {
  const due = splitDeposit(row.totalCents, form.settings.depositCents);
  let payee: Awaited<ReturnType<typeof formPayee>> | undefined;
  if (due.dueNow > 0) {
    try {
      payee = await formPayee(tx, form);
    } catch {
      // The organizer cannot take payments now: nobody is offered a place they cannot pay for.
      deps.log.warn({ formId: form.id }, 'waitlist offer: the form cannot take payments');
      return undefined;
    }
  }
  // A linked season's place is held with it (or, for nothing to pay, registered) within its capacity.
  const season = await holdSeasonPlace(tx, form, row);
  if (season.kind === 'full') return undefined;
  const moved = await moveSubmission(tx, row.id, 'waitlisted', payee ? 'awaiting_payment' : 'submitted');
  if (!moved) return undefined;
  if (season.kind === 'held') await linkSubmissionRegistration(tx, row.id, season.registrationId);
  if (!payee) return { row: moved };
  const payment = await holdPayment(tx, deps, {
    form,
    row: moved,
    amountCents: due.dueNow,
    payee,
    part: due.balance > 0 ? 'deposit' : 'whole',
    registrationId: season.kind === 'held' ? season.registrationId : null,
  });
  return { row: moved, payment };
}

/**
 * The offer job. Under the form's row lock (as every submission takes it), the free places are
 * counted and at most that many waitlisted submissions take one, in the order they were sent:
 * two places freeing at once, or two jobs at once, never offer more than the free places.
 * Then, after the commit, each offer's Checkout opens and its filler is mailed.
 */
export async function offerFreedPlaces(deps: FormPaymentDeps, { formId }: { formId: string }) {
  const taken = await deps.db.transaction(async (tx) => {
    const form = await lockForm(tx, formId);
    // A closed or draft form takes nobody on; its waitlist waits for the organizer.
    if (!form || form.status !== 'published') return { form, offers: [] as Taken[] };
    const limit = form.settings.submissionLimit;
    const free = limit === null ? 1000 : limit - (await takenPlaces(tx, formId));
    const offers: Taken[] = [];
    if (free <= 0) return { form, offers };
    for (const row of await firstWaitlisted(tx, formId, free)) {
      const outcome = await takePlace(tx, deps, form, row);
      // The rest keep their turn: the first in line is never skipped for a later one.
      if (!outcome) break;
      offers.push(outcome);
    }
    return { form, offers };
  });
  const { form } = taken;
  if (!form) return;
  for (const { row, payment } of taken.offers) {
    const path = `/form/payment/${form.id}/${row.id}?key=${row.accessKey ?? ''}`;
    let expiresAt: string | null = null;
    if (payment) {
      try {
        const opened = await openCheckout(deps, { payment, cancelPath: path, successPath: path, holdMs: offerHoldMs });
        expiresAt = new Date(opened.expiresAt).toUTCString();
      } catch (error) {
        // Checkout could not open (openCheckout ended the payment): the submission goes back to
        // the waitlist with its turn, and the next freed place offers it again.
        deps.log.error({ err: error, formId, submissionId: row.id }, 'opening a waitlist offer failed');
        await deps.db.transaction(async (tx) => {
          await moveSubmission(tx, row.id, 'awaiting_payment', 'waitlisted');
          if (payment.seasonId && payment.registrationId) {
            await releasePaidRegistration(tx, { seasonId: payment.seasonId, registrationId: payment.registrationId });
          }
        });
        continue;
      }
    }
    const mail = placeOfferedMail({
      name: row.name,
      formTitle: form.title,
      offer: payment && expiresAt ? { amount: formatUsd(payment.amountCents), expiresAt } : null,
      link: `${deps.publicOrigin}${payment ? path : `/form/${form.id}`}`,
    });
    try {
      await deps.mailer.send({ to: row.email, ...mail });
    } catch (error) {
      deps.log.error({ err: error, formId, submissionId: row.id }, 'waitlist offer mail failed');
    }
  }
}

/** The scheduled re-check of offers held back (decision 044). */
export const waitingOffersJob = 'forms.recheck-waiting-offers';
export const waitingOffersCron = '*/10 * * * *';

/**
 * An offer held back because the organizer could not take payments waits for nobody to free
 * another place: every ten minutes, each published form with a free place and a waitlist whose
 * organizer can now take payments gets the offer job (which decides, under the form's lock).
 */
export async function recheckWaitingOffers(deps: FormPaymentDeps) {
  for (const form of await formsWithWaitingOffers(deps.db)) {
    if (await formCanTakePayments(deps.db, form)) await placesFreed(deps, form.id);
  }
}
