import { type FormFieldInput } from '@huddle/shared/forms';
import { and, asc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.schema.ts';
import {
  addressedCall,
  collectMails,
  createPublishedForm,
  formTestCast,
  multipartFile,
  payOnLocalCheckout,
  tinyPdf,
  type TestUser,
} from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { localStripeObjects } from '../payments/local-stripe/local-stripe.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { registrations } from '../seasons/seasons.schema.ts';
import { waitingOffersJob } from './form-waitlist.service.ts';
import { formFileDeletions, formSubmissions, formUploads } from './forms.schema.ts';

/**
 * Decision 044: a filler withdraws their own submission, an organizer deletes one; either way
 * what was paid is refunded, its files and season registration go, and a freed place is offered
 * to the waitlist, once however many calls race. Offers held back because the organizer could not
 * take payments are sent by the scheduled re-check once they can.
 */
const { mails, mailer } = collectMails();
type User = TestUser;
let t: TestApp;
let owner: User, organizer: User, player: User, outsider: User;
let teamId: string;

beforeAll(async () => {
  ({ t, owner, organizer, player, outsider, teamId } = await formTestCast(
    {
      team: 'Harbour Withdrawers',
      owner: 'Wanda Payee',
      organizer: 'Oscar Organizer',
      player: 'Paula Player',
      outsider: 'Olga Outsider',
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

const paidFields: FormFieldInput[] = [
  { type: 'payment', id: 'entry', label: 'Camp entry', priceCents: 2500, required: true },
];

const form = (fields: FormFieldInput[], settings: object) =>
  createPublishedForm(call, owner.cookie, { title: 'Autumn camp', teamId, fields, settings });
const submitAsGuest = async (formId: string, name: string, answers: object = { entry: true }) => {
  const sent = await call('POST', `/api/forms/${formId}/submissions`, '', {
    clientId: randomUUID(),
    answers,
    guest: { name, email: `${name.toLowerCase()}-${randomUUID()}@example.com` },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json() as { submissionId: string; status: string };
};
const row = async (submissionId: string) =>
  (await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId)))[0];
const keyOf = async (submissionId: string) => (await row(submissionId))!.accessKey!;
const statuses = async (formId: string) =>
  (
    await t.db
      .select({ name: formSubmissions.name, status: formSubmissions.status })
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, formId))
      .orderBy(asc(formSubmissions.createdAt))
  ).map((entry) => `${entry.name}:${entry.status}`);
const ledgerOf = (submissionId: string) =>
  t.db.select().from(payments).where(eq(payments.formSubmissionId, submissionId));
const pay = async (formId: string, submissionId: string) => {
  const opened = await call('POST', `/api/forms/${formId}/submissions/${submissionId}/checkout`, '', {
    key: await keyOf(submissionId),
  });
  expect(opened.statusCode, opened.body).toBe(200);
  await payOnLocalCheckout(t.app, opened.json().url);
  await expect.poll(async () => (await row(submissionId))!.status).toBe('submitted');
  const [paid] = await ledgerOf(submissionId);
  return paid!;
};
/** The refunds Stripe was asked for, on one payment intent. */
const stripeRefunds = async (intentId: string) =>
  (
    await t.db
      .select({ id: localStripeObjects.id })
      .from(localStripeObjects)
      .where(
        and(eq(localStripeObjects.object, 'refund'), sql`${localStripeObjects.data}->>'payment_intent' = ${intentId}`),
      )
  ).length;
const withdraw = (formId: string, submissionId: string, { cookie = '', key }: { cookie?: string; key?: string }) =>
  call('POST', `/api/forms/${formId}/submissions/${submissionId}/withdraw`, cookie, key ? { key } : {});

describe('withdrawing a submission', () => {
  it('the filler withdraws with the mailed key: refunded in full, and the freed place is offered', async () => {
    const formId = await form(paidFields, { submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false });
    const first = await submitAsGuest(formId, 'Ada');
    const paid = await pay(formId, first.submissionId);
    const next = await submitAsGuest(formId, 'Ben');
    expect(next.status).toBe('waitlisted');

    // Nobody else: no key, a wrong key, another account, even the form's organizer.
    expect((await withdraw(formId, first.submissionId, {})).statusCode).toBe(404);
    expect((await withdraw(formId, first.submissionId, { key: 'x'.repeat(43) })).statusCode).toBe(404);
    expect((await withdraw(formId, first.submissionId, { cookie: outsider.cookie })).statusCode).toBe(404);
    expect((await withdraw(formId, first.submissionId, { cookie: organizer.cookie })).statusCode).toBe(404);
    expect((await row(first.submissionId))!.status).toBe('submitted');

    mails.length = 0;
    const reply = await withdraw(formId, first.submissionId, { key: await keyOf(first.submissionId) });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await statuses(formId)).toEqual(['Ada:cancelled', 'Ben:awaiting_payment']);
    const [refunded] = await ledgerOf(first.submissionId);
    expect(refunded).toMatchObject({ status: 'refunded', refundedCents: 2500 });
    expect(await stripeRefunds(paid.stripePaymentIntentId!)).toBe(1);
    expect(mails.filter((mail) => mail.subject === 'A place opened: Autumn camp')).toHaveLength(1);
    // The payment page says so afterwards.
    const page = await call(
      'GET',
      `/api/forms/${formId}/submissions/${first.submissionId}/payment?key=${await keyOf(first.submissionId)}`,
    );
    expect(page.json()).toMatchObject({ status: 'cancelled', payment: { state: 'refunded' } });
  });

  it('ten withdrawals at once refund once and offer the place once', async () => {
    const formId = await form(paidFields, { submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false });
    const first = await submitAsGuest(formId, 'Cal');
    const paid = await pay(formId, first.submissionId);
    const waiting = [await submitAsGuest(formId, 'Dot'), await submitAsGuest(formId, 'Eve')];
    expect(waiting.map((entry) => entry.status)).toEqual(['waitlisted', 'waitlisted']);

    mails.length = 0;
    const key = await keyOf(first.submissionId);
    const replies = await Promise.all(Array.from({ length: 10 }, () => withdraw(formId, first.submissionId, { key })));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(10).fill(200));
    expect(await statuses(formId)).toEqual(['Cal:cancelled', 'Dot:awaiting_payment', 'Eve:waitlisted']);
    expect(await stripeRefunds(paid.stripePaymentIntentId!)).toBe(1);
    expect((await ledgerOf(first.submissionId))[0]).toMatchObject({ status: 'refunded', refundedCents: 2500 });
    expect(await ledgerOf(waiting[0]!.submissionId)).toHaveLength(1);
    expect(mails.filter((mail) => mail.subject.startsWith('A place opened'))).toHaveLength(1);
  });

  it('a held (unpaid) submission withdrawn by its signed-in filler closes its Checkout and frees the place', async () => {
    const formId = await form(paidFields, { submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false });
    const held = await call('POST', `/api/forms/${formId}/submissions`, player.cookie, {
      clientId: randomUUID(),
      answers: { entry: true },
    });
    expect(held.json().status).toBe('awaiting_payment');
    const heldId = held.json().submissionId as string;
    const next = await submitAsGuest(formId, 'Fay');

    expect((await withdraw(formId, heldId, { cookie: player.cookie })).statusCode).toBe(200);
    expect((await ledgerOf(heldId))[0]!.status).toBe('expired');
    expect(await statuses(formId)).toEqual(['Paula Player:cancelled', 'Fay:awaiting_payment']);
    expect((await ledgerOf(next.submissionId))[0]!.status).toBe('pending');
  });

  it('withdrawing ends the season registration the submission made, and only that one', async () => {
    const season = await call('POST', `/api/teams/${teamId}/seasons`, owner.cookie, {
      label: 'Winter League',
      startsOn: '2027-01-04',
      endsOn: '2027-03-28',
      registrationOpensAt: '2020-01-01T00:00:00Z',
      registrationClosesAt: '2027-01-01T00:00:00Z',
      capacity: 10,
      feeCents: null,
      status: 'published',
    });
    const seasonId = season.json().id as string;
    const shirt: FormFieldInput[] = [{ type: 'short_text', id: 'shirt', label: 'Shirt size', required: true }];
    const formId = await form(shirt, { seasonId, onePerPerson: false });
    const sent = await call('POST', `/api/forms/${formId}/submissions`, player.cookie, {
      clientId: randomUUID(),
      answers: { shirt: 'M' },
    });
    const submissionId = sent.json().submissionId as string;
    const registrationId = (await row(submissionId))!.seasonRegistrationId;
    expect(registrationId).not.toBeNull();
    // Someone registered on the team page, then filled the form: that registration is not the form's.
    const direct = await call('POST', `/api/seasons/${seasonId}/registrations`, organizer.cookie, {});
    expect(direct.statusCode, direct.body).toBe(201);
    const theirs = await call('POST', `/api/forms/${formId}/submissions`, organizer.cookie, {
      clientId: randomUUID(),
      answers: { shirt: 'L' },
    });
    expect((await row(theirs.json().submissionId))!.seasonRegistrationId).toBeNull();

    expect((await withdraw(formId, submissionId, { cookie: player.cookie })).statusCode).toBe(200);
    expect(await withdraw(formId, theirs.json().submissionId, { cookie: organizer.cookie })).toMatchObject({
      statusCode: 200,
    });
    const left = await t.db.select().from(registrations).where(eq(registrations.seasonId, seasonId));
    expect(left.map((entry) => entry.userId)).toEqual([organizer.user.id]);
  });
});

describe('an organizer deletes a submission', () => {
  it('its readers delete it: refunded, its file queued for removal, the place offered; others may not', async () => {
    const fields: FormFieldInput[] = [
      ...paidFields,
      { type: 'file', id: 'scan', label: 'ID document', required: false },
    ];
    const formId = await form(fields, { submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false });
    const clientId = randomUUID();
    const body = multipartFile(tinyPdf, { filename: 'id.pdf', contentType: 'application/pdf' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/uploads?fieldId=scan&clientId=${clientId}`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
      remoteAddress: '198.18.1.1',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const sent = await call('POST', `/api/forms/${formId}/submissions`, '', {
      clientId,
      answers: { entry: true, scan: { uploadIds: [uploaded.json().id] } },
      guest: { name: 'Gus', email: `gus-${randomUUID()}@example.com` },
    });
    const submissionId = sent.json().submissionId as string;
    const paid = await pay(formId, submissionId);
    const next = await submitAsGuest(formId, 'Hal');
    const [upload] = await t.db.select().from(formUploads).where(eq(formUploads.submissionId, submissionId));

    const url = `/api/forms/${formId}/submissions/${submissionId}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, outsider.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', url, player.cookie)).statusCode).toBe(403);
    expect(await row(submissionId)).toBeDefined();

    const replies = await Promise.all([call('DELETE', url, organizer.cookie), call('DELETE', url, owner.cookie)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 404]);
    expect(await row(submissionId)).toBeUndefined();
    const [ledger] = await t.db.select().from(payments).where(eq(payments.id, paid.id));
    expect(ledger).toMatchObject({ status: 'refunded', refundedCents: 2500, formSubmissionId: null });
    expect(await stripeRefunds(paid.stripePaymentIntentId!)).toBe(1);
    const queued = await t.db.select().from(formFileDeletions);
    expect(queued.map((entry) => entry.storageKey)).toContain(upload!.storageKey);
    expect((await row(next.submissionId))!.status).toBe('awaiting_payment');
  });
});

describe('offers held back while the organizer cannot take payments', () => {
  it('are sent by the scheduled re-check once the organizer can', async () => {
    const formId = await form(paidFields, { submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false });
    const first = await submitAsGuest(formId, 'Ivy');
    await pay(formId, first.submissionId);
    const next = await submitAsGuest(formId, 'Jon');
    expect(t.jobs.schedules.get(waitingOffersJob)).toBe('*/10 * * * *');

    // The organizer's Stripe stops taking charges, then a place frees: no offer can be made.
    await t.db.update(users).set({ stripeChargesEnabled: false }).where(eq(users.id, owner.user.id));
    await withdraw(formId, first.submissionId, { key: await keyOf(first.submissionId) }).then((reply) =>
      expect(reply.statusCode).toBe(200),
    );
    expect((await row(next.submissionId))!.status).toBe('waitlisted');
    await t.jobs.runScheduled(waitingOffersJob);
    expect((await row(next.submissionId))!.status).toBe('waitlisted');

    mails.length = 0;
    await t.db.update(users).set({ stripeChargesEnabled: true }).where(eq(users.id, owner.user.id));
    await t.jobs.runScheduled(waitingOffersJob);
    expect((await row(next.submissionId))!.status).toBe('awaiting_payment');
    expect((await ledgerOf(next.submissionId))[0]).toMatchObject({ status: 'pending', amountCents: 2500 });
    expect(mails.filter((mail) => mail.subject === 'A place opened: Autumn camp')).toHaveLength(1);
    // A second run offers nothing more: the place is held.
    await t.jobs.runScheduled(waitingOffersJob);
    expect(await ledgerOf(next.submissionId)).toHaveLength(1);
  });
});
