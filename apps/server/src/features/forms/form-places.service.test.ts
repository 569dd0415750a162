import { limitBelowTakenMessage, type FormFieldInput } from '@huddle/shared/forms';
import { asc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addressedCall,
  collectMails,
  createPublishedForm,
  formTestCast,
  paymentRowOf,
  payOnLocalCheckout,
  type TestUser,
} from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { formSubmissions, forms } from './forms.schema.ts';

/**
 * Issue 30, item 2 (decision 059): a form's places held by open Checkouts count when its limit is
 * lowered, and a held submission's payment never completes into a place that is not there.
 */
const { mails, mailer } = collectMails();
type User = TestUser;
let t: TestApp;
let owner: User;
let teamId: string;

beforeAll(async () => {
  ({ t, owner, teamId } = await formTestCast(
    {
      team: 'Riverside Campers',
      owner: 'Rita Payee',
      organizer: 'Rex Organizer',
      player: 'Ray Player',
      outsider: 'Rue Outsider',
    },
    { mailer },
  ));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mails.length = 0;
});

const call = addressedCall(() => t.app, '198.18.0');

const fields: FormFieldInput[] = [
  { type: 'payment', id: 'entry', label: 'Camp entry', priceCents: 2500, required: true },
];
const paidForm = (settings: object) =>
  createPublishedForm(call, owner.cookie, { title: 'River camp', teamId, fields, settings });

/** A visitor sends the form: their place is held while they pay; the Checkout's address to pay on. */
async function sendAndOpenCheckout(formId: string, name: string) {
  const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
  const sent = await call('POST', `/api/forms/${formId}/submissions`, '', {
    clientId: randomUUID(),
    answers: { entry: true },
    guest: { name, email },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const { submissionId } = sent.json() as { submissionId: string };
  const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId));
  const opened = await call('POST', `/api/forms/${formId}/submissions/${submissionId}/checkout`, '', {
    key: row!.accessKey,
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { submissionId, email, ...(opened.json() as { url: string; paymentId: string }) };
}

/** The organizer's save of the form as it is, with this limit. */
async function setLimit(formId: string, submissionLimit: number) {
  const draft = (await call('GET', `/api/forms/${formId}/draft`, owner.cookie)).json();
  return call('PUT', `/api/forms/${formId}`, owner.cookie, {
    version: draft.version,
    title: draft.title,
    fields: draft.fields,
    settings: { ...draft.settings, submissionLimit },
  });
}

const statuses = async (formId: string) =>
  (
    await t.db
      .select({ name: formSubmissions.name, status: formSubmissions.status })
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, formId))
      .orderBy(asc(formSubmissions.createdAt))
  ).map((entry) => `${entry.name}:${entry.status}`);

describe('a paid form: places held by open Checkouts count when the limit is lowered', () => {
  it('two payers in Checkout on a limit of 2: lowering it to 1 is refused beside the field; both pay and both are in', async () => {
    const formId = await paidForm({ submissionLimit: 2, whenFull: 'waitlist', onePerPerson: false });
    const ada = await sendAndOpenCheckout(formId, 'Ada');
    const ben = await sendAndOpenCheckout(formId, 'Ben');

    const lowered = await setLimit(formId, 1);
    expect(lowered.statusCode, lowered.body).toBe(400);
    expect(lowered.json().error.fields['settings.submissionLimit']).toEqual([
      '2 places are taken: 2 people are paying for theirs right now. Keep a limit of at least 2.',
    ]);
    expect(limitBelowTakenMessage({ sent: 0, paying: 2 })).toBe(
      lowered.json().error.fields['settings.submissionLimit'][0],
    );

    await payOnLocalCheckout(t.app, ada.url);
    await payOnLocalCheckout(t.app, ben.url);
    expect(await statuses(formId)).toEqual(['Ada:submitted', 'Ben:submitted']);
    // Once one is sent and one paying, the message counts both.
    expect((await setLimit(formId, 3)).statusCode).toBe(200);
    const carl = await sendAndOpenCheckout(formId, 'Carl');
    const again = await setLimit(formId, 2);
    expect(again.json().error.fields['settings.submissionLimit']).toEqual([
      limitBelowTakenMessage({ sent: 2, paying: 1 }),
    ]);
    await payOnLocalCheckout(t.app, carl.url);
    // A save that leaves the limit as it is goes through.
    expect((await setLimit(formId, 3)).statusCode).toBe(200);
  });
});

describe('a form payment that completes with no place left (the safety net of decision 059)', () => {
  it('is refunded in full; the payer is back on the waitlist in their turn and mailed why', async () => {
    const formId = await paidForm({ submissionLimit: 2, whenFull: 'waitlist', onePerPerson: false });
    const ada = await sendAndOpenCheckout(formId, 'Ada');
    const ben = await sendAndOpenCheckout(formId, 'Ben');
    // What a save could do before decision 059: a limit of 1 under two open Checkouts.
    await t.db
      .update(forms)
      .set({ settings: sql`jsonb_set(${forms.settings}, '{submissionLimit}', '1')` })
      .where(eq(forms.id, formId));

    await payOnLocalCheckout(t.app, ada.url);
    await payOnLocalCheckout(t.app, ben.url);
    await expect
      .poll(() => paymentRowOf(t.db, ben.paymentId))
      .toMatchObject({ status: 'refunded', refundedCents: 2500 });
    expect(await statuses(formId)).toEqual(['Ada:submitted', 'Ben:waitlisted']);
    expect(await paymentRowOf(t.db, ada.paymentId)).toMatchObject({ status: 'paid', refundedCents: 0 });
    const intent = (await paymentRowOf(t.db, ben.paymentId)).stripePaymentIntentId!;
    const refunds = await t.payments.stripe.refunds.list({ payment_intent: intent, limit: 100 });
    expect(refunds.data.map((refund) => refund.amount)).toEqual([2500]);
    const told = mails.filter((mail) => mail.to === ben.email);
    expect(told.map((mail) => mail.subject)).toContain('Refunded: River camp');
    expect(told.find((mail) => mail.subject === 'Refunded: River camp')?.text).toContain(
      'no place was left for you. Your payment of $25 has been refunded in full. You are on the waitlist',
    );
    expect(mails.filter((mail) => mail.to === ada.email && mail.subject.startsWith('Refunded'))).toEqual([]);
  });

  it('on a form that closes when full, the submission is withdrawn and the payment refunded', async () => {
    const formId = await paidForm({ submissionLimit: 2, whenFull: 'closed', onePerPerson: false });
    const ada = await sendAndOpenCheckout(formId, 'Ada');
    const ben = await sendAndOpenCheckout(formId, 'Ben');
    await t.db
      .update(forms)
      .set({ settings: sql`jsonb_set(${forms.settings}, '{submissionLimit}', '1')` })
      .where(eq(forms.id, formId));

    await payOnLocalCheckout(t.app, ada.url);
    await payOnLocalCheckout(t.app, ben.url);
    await expect
      .poll(() => paymentRowOf(t.db, ben.paymentId))
      .toMatchObject({ status: 'refunded', refundedCents: 2500 });
    expect(await statuses(formId)).toEqual(['Ada:submitted', 'Ben:cancelled']);
    expect(mails.find((mail) => mail.to === ben.email && mail.subject === 'Refunded: River camp')?.text).toContain(
      'has been refunded in full. Your submission was withdrawn.',
    );
  });
});
