import { formPaymentMessages, type FormFieldInput } from '@huddle/shared/forms';
import { refundTooLargeMessage } from '@huddle/shared/paid-games';
import { and, count, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  collectMails,
  createPublishedForm,
  formTestCast,
  payOnLocalCheckout,
  type TestUser,
} from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { payments } from '../payments/payments.schema.ts';
import { registrations, seasons } from '../seasons/seasons.schema.ts';
import { formSubmissions } from './forms.schema.ts';

/**
 * Decision 036: payment items in forms. The total comes from the saved form, the place is held
 * while Checkout is open, the webhook pays once, refunds never pass what was paid, and only the
 * filler (or the mailed key's holder) and the form's organizers see a submission's payment.
 */
const { mails, mailer } = collectMails();
type User = TestUser;
let t: TestApp;
let owner: User, organizer: User, player: User, outsider: User;
let teamId: string;

beforeAll(async () => {
  ({ t, owner, organizer, player, outsider, teamId } = await formTestCast(
    {
      team: 'Harbor Runners',
      owner: 'Paula Payee',
      organizer: 'Omar Organizer',
      player: 'Pia Player',
      outsider: 'Ollie Outsider',
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

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie = '', payload?: object, remoteAddress?: string) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload && { payload }),
    ...(remoteAddress && { remoteAddress }),
  });
let address = 0;
const nextAddress = () => `198.51.100.${(address += 1) % 250}`;

const paidFields: FormFieldInput[] = [
  { type: 'short_text', id: 'name', label: 'Runner name', required: true },
  { type: 'payment', id: 'entry', label: 'Race entry', priceCents: 4000, required: true },
  { type: 'page_break', id: 'extras', label: 'Extras' },
  { type: 'payment', id: 'shirt', label: 'Shirt', priceCents: 1500, quantity: { min: 0, max: 3 } },
];

const paidForm = (settings: object = {}, fields = paidFields, cookie = owner.cookie) =>
  createPublishedForm(call, cookie, { title: 'Harbor 10K', teamId, fields, settings });
const answers = { name: 'Pia', shirt: 2 };
const submitAsVisitor = (formId: string, index = 0, body: object = answers) =>
  call(
    'POST',
    `/api/forms/${formId}/submissions`,
    '',
    {
      clientId: randomUUID(),
      answers: body,
      guest: { name: `Runner ${index}`, email: `runner-${index}-${randomUUID()}@example.com` },
    },
    nextAddress(),
  );
const keyOf = (paymentPath: string) => new URL(paymentPath, 'http://x').searchParams.get('key')!;

/** The local Checkout page's Pay button. */
const pay = (url: string) => payOnLocalCheckout(t.app, url);
const checkout = (formId: string, submissionId: string, key?: string, cookie = '') =>
  call('POST', `/api/forms/${formId}/submissions/${submissionId}/checkout`, cookie, { ...(key && { key }) });
const view = (formId: string, submissionId: string, key?: string, cookie = '') =>
  call('GET', `/api/forms/${formId}/submissions/${submissionId}/payment${key ? `?key=${key}` : ''}`, cookie);
const ledgerOf = (submissionId: string) =>
  t.db.select().from(payments).where(eq(payments.formSubmissionId, submissionId));

describe('payment items in the builder', () => {
  it('are offered only when the payee can take charges; otherwise refused beside the field', async () => {
    const mine = await call('POST', '/api/forms', organizer.cookie, { title: 'My race', teamId: null });
    expect(mine.json().canTakePayments).toBe(false);
    const refused = await call('PUT', `/api/forms/${mine.json().id}`, organizer.cookie, {
      version: 1,
      title: 'My race',
      fields: paidFields,
      settings: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['fields.1.type']).toEqual([formPaymentMessages.connectStripe]);
    // The team's form pays the team's owner, whose account takes charges: its organizers may add items.
    const team = await call('POST', '/api/forms', organizer.cookie, { title: 'Team race', teamId });
    expect(team.json().canTakePayments).toBe(true);
  });
});

describe('paying a submission', () => {
  it('totals from the saved form, holds the place, pays once by the webhook and writes the ledger', async () => {
    const id = await paidForm();
    // A client-sent amount is not a field: it is dropped with the unknown answers.
    const sent = await submitAsVisitor(id, 1, { ...answers, total: 1, entry: 0 });
    expect(sent.statusCode, sent.body).toBe(201);
    const { submissionId, status, paymentPath } = sent.json();
    expect(status).toBe('awaiting_payment');
    expect(paymentPath).toMatch(new RegExp(`^/form/payment/${id}/${submissionId}\\?key=`));
    const key = keyOf(paymentPath);

    const page = (await view(id, submissionId, key)).json();
    expect(page).toMatchObject({ dueNowCents: 7000, pending: true, status: 'awaiting_payment' });
    expect(page.payment).toMatchObject({ state: 'unpaid', totalCents: 7000, balanceCents: 7000 });

    const opened = await checkout(id, submissionId, key);
    expect(opened.statusCode, opened.body).toBe(200);
    const back = await pay(opened.json().url);
    expect(back).toContain(`/form/payment/${id}/${submissionId}?key=${key}&redirect_status=succeeded`);

    await expect.poll(async () => (await view(id, submissionId, key)).json().payment.state).toBe('paid');
    const [row] = await ledgerOf(submissionId);
    expect(row).toMatchObject({ kind: 'form', status: 'paid', amountCents: 7000, payeeUserId: owner.user.id });
    expect(row?.receiptNumber).toMatch(/^HDL-\d{6}$/);
    const [stored] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId));
    expect(stored?.status).toBe('submitted');
    // The confirmation mail links the payment page with the key.
    expect(mails.some((mail) => mail.text.includes(`/form/payment/${id}/${submissionId}?key=${key}`))).toBe(true);
  });

  it('a deposit is due first, then pay-balance pays what is left', async () => {
    const id = await paidForm({ depositCents: 2000 });
    const sent = (await submitAsVisitor(id, 2)).json();
    const key = keyOf(sent.paymentPath);
    expect((await view(id, sent.submissionId, key)).json().dueNowCents).toBe(2000);
    await pay((await checkout(id, sent.submissionId, key)).json().url);
    await expect
      .poll(async () => (await view(id, sent.submissionId, key)).json().payment)
      .toMatchObject({ state: 'deposit_paid', paidCents: 2000, balanceCents: 5000 });

    const balance = await checkout(id, sent.submissionId, key);
    expect(balance.statusCode, balance.body).toBe(200);
    // Pressing again goes back to the same Checkout.
    expect((await checkout(id, sent.submissionId, key)).json().paymentId).toBe(balance.json().paymentId);
    expect(await pay(balance.json().url)).toContain(`/pay-balance/${id}/${sent.submissionId}`);
    await expect
      .poll(async () => (await view(id, sent.submissionId, key)).json().payment)
      .toMatchObject({ state: 'paid', paidCents: 7000, balanceCents: 0 });
    expect((await checkout(id, sent.submissionId, key)).json().error.message).toBe(formPaymentMessages.nothingOwed);
  });

  it('50 visitors for the last 10 places of a paid form never hold more than 10; a cancel gives a place back', async () => {
    const id = await paidForm({ submissionLimit: 12, onePerPerson: false });
    expect((await submitAsVisitor(id, 100)).statusCode).toBe(201);
    expect((await submitAsVisitor(id, 101)).statusCode).toBe(201);
    const sends = await Promise.all(Array.from({ length: 50 }, (_, index) => submitAsVisitor(id, 200 + index)));
    const held = sends.filter((send) => send.statusCode === 201);
    expect(held).toHaveLength(10);
    const [placed] = await t.db
      .select({ total: count() })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.formId, id), inArray(formSubmissions.status, ['awaiting_payment', 'submitted'])));
    expect(placed?.total).toBe(12);
    expect((await submitAsVisitor(id, 300)).statusCode).toBe(409);

    // One filler cancels at Checkout: the session ends, the place goes back, someone else takes it.
    const first = held[0]!.json();
    const key = keyOf(first.paymentPath);
    const [pending] = await ledgerOf(first.submissionId);
    const cancelled = await call(
      'POST',
      `/api/forms/${id}/submissions/${first.submissionId}/payments/${pending!.id}/cancel`,
      '',
      { key },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await checkout(id, first.submissionId, key)).json().error.message).toBe(formPaymentMessages.cancelled);
    expect((await submitAsVisitor(id, 301)).statusCode).toBe(201);
  });

  it('20 parallel replays of the completion pay once', async () => {
    const id = await paidForm();
    const sent = (await submitAsVisitor(id, 3)).json();
    const key = keyOf(sent.paymentPath);
    const opened = (await checkout(id, sent.submissionId, key)).json();
    await pay(opened.url);
    await expect.poll(async () => (await ledgerOf(sent.submissionId))[0]?.status).toBe('paid');
    const [paid] = await ledgerOf(sent.submissionId);
    const session = await t.payments.stripe.checkout.sessions.retrieve(paid!.stripeCheckoutSessionId!);
    const deliveries = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const payload = JSON.stringify({
          id: `evt_form_replay_${index}_${randomUUID()}`,
          object: 'event',
          type: 'checkout.session.completed',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          data: { object: session },
        });
        const signature = t.payments.stripe.webhooks.generateTestHeaderString({
          payload,
          secret: await t.payments.webhookSecret(),
        });
        return t.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
      }),
    );
    expect(deliveries.every((delivery) => delivery.statusCode === 200)).toBe(true);
    const after = await ledgerOf(sent.submissionId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'paid', receiptNumber: paid!.receiptNumber, amountCents: 7000 });
  });

  it('refunds in full or in part, never more than was paid, also when asked at once', async () => {
    const id = await paidForm();
    const sent = (await submitAsVisitor(id, 4)).json();
    const key = keyOf(sent.paymentPath);
    await pay((await checkout(id, sent.submissionId, key)).json().url);
    await expect.poll(async () => (await ledgerOf(sent.submissionId))[0]?.status).toBe('paid');
    const [paid] = await ledgerOf(sent.submissionId);
    const refundUrl = `/api/forms/${id}/submissions/${sent.submissionId}/payments/${paid!.id}/refund`;

    expect((await call('POST', refundUrl, player.cookie, { amountCents: 100 })).statusCode).toBe(403);
    expect((await call('POST', refundUrl, outsider.cookie, { amountCents: 100 })).statusCode).toBe(403);
    const part = await call('POST', refundUrl, organizer.cookie, { amountCents: 2000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().payment).toMatchObject({ state: 'partially_refunded', refundedCents: 2000 });
    const tooMuch = await call('POST', refundUrl, owner.cookie, { amountCents: 5001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.amountCents).toEqual([refundTooLargeMessage]);

    const racing = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', refundUrl, owner.cookie, { amountCents: 1000 })),
    );
    expect(racing.filter((reply) => reply.statusCode === 200)).toHaveLength(5);
    const [refunded] = await ledgerOf(sent.submissionId);
    expect(refunded).toMatchObject({ refundedCents: 7000, status: 'refunded' });
    const listed = await call('GET', `/api/forms/${id}/submissions?search=Runner%204`, owner.cookie);
    expect(listed.json().submissions[0].payment.state).toBe('refunded');
    const csv = await call('GET', `/api/forms/${id}/submissions.csv`, owner.cookie);
    expect(csv.body.split('\n')[0]).toContain('Payment,Total,Paid,Refunded,Balance');
    expect(csv.body).toContain('Refunded,70.00,70.00,70.00,0.00');
  });

  it('another user, or a wrong key, gets 404 for a submission’s payment; the signed-in filler and organizers see it', async () => {
    const id = await paidForm();
    const mine = await call('POST', `/api/forms/${id}/submissions`, player.cookie, {
      clientId: randomUUID(),
      answers,
    });
    const { submissionId, paymentPath } = mine.json();
    expect((await view(id, submissionId, undefined, outsider.cookie)).statusCode).toBe(404);
    expect((await view(id, submissionId)).statusCode).toBe(404);
    expect((await view(id, submissionId, 'x'.repeat(43))).statusCode).toBe(404);
    expect((await checkout(id, submissionId, undefined, outsider.cookie)).statusCode).toBe(404);
    expect((await view(id, submissionId, undefined, player.cookie)).statusCode).toBe(200);
    expect((await view(id, submissionId, keyOf(paymentPath))).statusCode).toBe(200);
    expect((await view(id, submissionId, undefined, organizer.cookie)).statusCode).toBe(200);
    // Organizers see the page but the filler pays.
    expect((await checkout(id, submissionId, undefined, organizer.cookie)).statusCode).toBe(403);
  });

  it('a linked season with a fee is a line of the total; its place is held while paying, and paying keeps it', async () => {
    const [season] = await t.db
      .insert(seasons)
      .values({
        teamId,
        label: 'Winter',
        feeCents: 3000,
        startsOn: '2030-01-01',
        endsOn: '2030-03-01',
        registrationOpensAt: new Date('2020-01-01T00:00:00Z'),
        registrationClosesAt: new Date('2099-01-01T00:00:00Z'),
      })
      .returning();
    const id = await paidForm({ seasonId: season!.id }, [
      { type: 'short_text', id: 'name', label: 'Runner name', required: true },
    ]);
    expect((await call('GET', `/api/forms/${id}`)).json().seasonFee).toEqual({
      label: 'Winter season',
      feeCents: 3000,
    });
    const sent = (
      await call('POST', `/api/forms/${id}/submissions`, player.cookie, {
        clientId: randomUUID(),
        answers: { name: 'Pia' },
      })
    ).json();
    expect(sent.status).toBe('awaiting_payment');
    // The season's place is held for the open payment (decision 040): a pending registration.
    const registeredBefore = await t.db.select().from(registrations).where(eq(registrations.seasonId, season!.id));
    expect(registeredBefore.map((row) => [row.userId, row.status])).toEqual([[player.user.id, 'pending']]);
    await pay((await checkout(id, sent.submissionId, undefined, player.cookie)).json().url);
    await expect
      .poll(async () =>
        (await t.db.select().from(registrations).where(eq(registrations.seasonId, season!.id))).map(
          (row) => row.userId,
        ),
      )
      .toEqual([player.user.id]);
  });
});
