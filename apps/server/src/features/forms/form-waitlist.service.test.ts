import { type FormFieldInput } from '@huddle/shared/forms';
import { seasonFullMessage } from '@huddle/shared/seasons';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addressedCall,
  collectMails,
  createPublishedForm,
  formTestCast,
  payOnLocalCheckout,
  type TestUser,
} from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { payments } from '../payments/payments.schema.ts';
import { registrations, seasons } from '../seasons/seasons.schema.ts';
import { offerHoldMs } from './form-waitlist.service.ts';
import { formSubmissions, forms } from './forms.schema.ts';

/**
 * Decision 040: freed places of a full paid form are offered to its waitlist in order, held for
 * a mailed payment, passed on when an offer expires, and never more than the free places; a
 * linked season's place is held for an open payment, and a payer who cannot be registered is
 * refunded and told.
 */
const { mails, mailer } = collectMails();
type User = TestUser;
let t: TestApp;
let owner: User, organizer: User, player: User;
let teamId: string;

beforeAll(async () => {
  ({ t, owner, organizer, player, teamId } = await formTestCast(
    {
      team: 'Lakeside Waitlisters',
      owner: 'Lena Payee',
      organizer: 'Otto Organizer',
      player: 'Pete Player',
      outsider: 'Oona Outsider',
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

const call = addressedCall(() => t.app, '203.0.113');

const fields: FormFieldInput[] = [
  { type: 'payment', id: 'entry', label: 'Camp entry', priceCents: 2500, required: true },
];

const paidForm = (settings: object) =>
  createPublishedForm(call, owner.cookie, { title: 'Summer camp', teamId, fields, settings });
const submit = async (formId: string, name: string) => {
  const sent = await call('POST', `/api/forms/${formId}/submissions`, '', {
    clientId: randomUUID(),
    answers: { entry: true },
    guest: { name, email: `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID()}@example.com` },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json() as { submissionId: string; status: string; paymentPath: string | null };
};
const row = async (submissionId: string) =>
  (await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId)))[0]!;
const statuses = async (formId: string) =>
  (
    await t.db
      .select({ name: formSubmissions.name, status: formSubmissions.status })
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, formId))
      .orderBy(asc(formSubmissions.createdAt))
  ).map((entry) => `${entry.name}:${entry.status}`);
const pendingOf = async (submissionId: string) =>
  (
    await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.formSubmissionId, submissionId), eq(payments.status, 'pending')))
  )[0];
const keyOf = async (submissionId: string) => (await row(submissionId)).accessKey!;
const cancelHold = async (formId: string, submissionId: string) => {
  const pending = await pendingOf(submissionId);
  return call('POST', `/api/forms/${formId}/submissions/${submissionId}/payments/${pending!.id}/cancel`, '', {
    key: await keyOf(submissionId),
  });
};
const payHeld = async (formId: string, submissionId: string) => {
  const opened = await call('POST', `/api/forms/${formId}/submissions/${submissionId}/checkout`, '', {
    key: await keyOf(submissionId),
  });
  expect(opened.statusCode, opened.body).toBe(200);
  await payOnLocalCheckout(t.app, opened.json().url);
  await expect.poll(async () => (await row(submissionId)).status).toBe('submitted');
};

describe('waitlist offers', () => {
  it('a freed place is offered to the first waitlisted, who is mailed the payment link and pays', async () => {
    const formId = await paidForm({ submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false });
    const held = await submit(formId, 'Ada');
    expect(held.status).toBe('awaiting_payment');
    const first = await submit(formId, 'Ben');
    const second = await submit(formId, 'Cy');
    expect([first.status, second.status]).toEqual(['waitlisted', 'waitlisted']);
    // Waitlisted: nothing to pay yet.
    const early = await call('POST', `/api/forms/${formId}/submissions/${first.submissionId}/checkout`, '', {
      key: await keyOf(first.submissionId),
    });
    expect(early.statusCode).toBe(409);

    mails.length = 0;
    expect((await cancelHold(formId, held.submissionId)).statusCode).toBe(200);
    expect(await statuses(formId)).toEqual(['Ada:cancelled', 'Ben:awaiting_payment', 'Cy:waitlisted']);
    const offer = await pendingOf(first.submissionId);
    expect(offer).toMatchObject({ kind: 'form', amountCents: 2500 });
    const key = await keyOf(first.submissionId);
    const mail = mails.find((entry) => entry.subject === 'A place opened: Summer camp');
    expect(mail?.to).toMatch(/^ben-/);
    expect(mail?.text).toContain(`http://localhost:3000/form/payment/${formId}/${first.submissionId}?key=${key}`);
    expect(mail?.text).toContain('$25 ');
    expect(mails.filter((entry) => entry.subject.startsWith('A place opened'))).toHaveLength(1);

    // The offer's Checkout waits for the mail to be read: close to Stripe's 24 hours, not 31 minutes.
    const session = await t.payments.stripe.checkout.sessions.retrieve(offer!.stripeCheckoutSessionId!);
    expect(session.expires_at * 1000 - Date.now()).toBeGreaterThan(offerHoldMs - 60_000);
    // The mailed link's page lets them pay; the payment goes to the form's payee.
    const page = await call('GET', `/api/forms/${formId}/submissions/${first.submissionId}/payment?key=${key}`);
    expect(page.json()).toMatchObject({ status: 'awaiting_payment', dueNowCents: 2500, pending: true });
    await payHeld(formId, first.submissionId);
    expect(await statuses(formId)).toEqual(['Ada:cancelled', 'Ben:submitted', 'Cy:waitlisted']);
  });

  it('a newcomer never takes a freed place ahead of the waitlist', async () => {
    const formId = await paidForm({ submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false });
    await submit(formId, 'Nia');
    expect((await submit(formId, 'Oli')).status).toBe('waitlisted');
    // A place frees with no offer made yet (the job has not run): the limit raised in the database.
    const [stored] = await t.db.select().from(forms).where(eq(forms.id, formId));
    await t.db
      .update(forms)
      .set({ settings: { ...stored!.settings, submissionLimit: 2 } })
      .where(eq(forms.id, formId));
    expect((await call('GET', `/api/forms/${formId}`)).json().waitlistOnly).toBe(true);
    expect((await submit(formId, 'Pat')).status).toBe('waitlisted');
  });

  it('an offer left unpaid expires like any hold and passes to the next', async () => {
    const formId = await paidForm({ submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false });
    const held = await submit(formId, 'Dee');
    const first = await submit(formId, 'Eli');
    const second = await submit(formId, 'Flo');
    await cancelHold(formId, held.submissionId);
    const offer = await pendingOf(first.submissionId);
    // Stripe ends the session (its expiry): checkout.session.expired releases the place.
    await t.payments.stripe.checkout.sessions.expire(offer!.stripeCheckoutSessionId!);
    await expect.poll(() => statuses(formId)).toEqual(['Dee:cancelled', 'Eli:cancelled', 'Flo:awaiting_payment']);
    expect((await pendingOf(second.submissionId))?.amountCents).toBe(2500);
  });

  it('places freeing at once (two cancels and a raised limit) never offer more than the free places', async () => {
    const formId = await paidForm({ submissionLimit: 2, whenFull: 'waitlist', onePerPerson: false });
    const a = await submit(formId, 'Held A');
    const b = await submit(formId, 'Held B');
    for (const name of ['W1', 'W2', 'W3', 'W4', 'W5']) expect((await submit(formId, name)).status).toBe('waitlisted');
    const draft = (await call('GET', `/api/forms/${formId}/draft`, owner.cookie)).json();
    const replies = await Promise.all([
      cancelHold(formId, a.submissionId),
      cancelHold(formId, b.submissionId),
      call('PUT', `/api/forms/${formId}`, organizer.cookie, {
        version: draft.version,
        title: draft.title,
        fields: draft.fields,
        settings: { ...draft.settings, submissionLimit: 3 },
      }),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    await expect
      .poll(() => statuses(formId))
      .toEqual([
        'Held A:cancelled',
        'Held B:cancelled',
        'W1:awaiting_payment',
        'W2:awaiting_payment',
        'W3:awaiting_payment',
        'W4:waitlisted',
        'W5:waitlisted',
      ]);
    const offered = await t.db
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.status, 'awaiting_payment')));
    const pending = await t.db
      .select()
      .from(payments)
      .where(
        and(
          inArray(
            payments.formSubmissionId,
            offered.map((entry) => entry.id),
          ),
          eq(payments.status, 'pending'),
        ),
      );
    // One payment per offer, however many jobs looked.
    expect(pending).toHaveLength(3);
  });

  it('a submission refunded in full is withdrawn and its place offered; a partial refund keeps it', async () => {
    const formId = await paidForm({ submissionLimit: 1, whenFull: 'waitlist', onePerPerson: false });
    const paid = await submit(formId, 'Gus');
    await payHeld(formId, paid.submissionId);
    const next = await submit(formId, 'Hal');
    expect(next.status).toBe('waitlisted');
    const [payment] = await t.db.select().from(payments).where(eq(payments.formSubmissionId, paid.submissionId));
    const refundUrl = `/api/forms/${formId}/submissions/${paid.submissionId}/payments/${payment!.id}/refund`;
    expect((await call('POST', refundUrl, owner.cookie, { amountCents: 500 })).statusCode).toBe(200);
    expect(await statuses(formId)).toEqual(['Gus:submitted', 'Hal:waitlisted']);
    const rest = await call('POST', refundUrl, owner.cookie, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().status).toBe('cancelled');
    expect(await statuses(formId)).toEqual(['Gus:cancelled', 'Hal:awaiting_payment']);
  });
});

describe('a linked season filling while a form payment is open', () => {
  async function seasonForm(capacity: number) {
    const [season] = await t.db
      .insert(seasons)
      .values({
        teamId,
        label: `Fall ${randomUUID().slice(0, 4)}`,
        capacity,
        startsOn: '2030-09-01',
        endsOn: '2030-11-01',
        registrationOpensAt: new Date('2020-01-01T00:00:00Z'),
        registrationClosesAt: new Date('2099-01-01T00:00:00Z'),
      })
      .returning();
    const formId = await paidForm({ seasonId: season!.id, onePerPerson: false });
    return { seasonId: season!.id, formId };
  }
  const registered = (seasonId: string) =>
    t.db.select().from(registrations).where(eq(registrations.seasonId, seasonId));

  it('one place, two payers at once: one holds the place and pays into it, the other is told it is full', async () => {
    const { seasonId, formId } = await seasonForm(1);
    const sends = await Promise.all(
      ['Ivy', 'Jon'].map((name) =>
        call('POST', `/api/forms/${formId}/submissions`, '', {
          clientId: randomUUID(),
          answers: { entry: true },
          guest: { name, email: `${name.toLowerCase()}-${randomUUID()}@example.com` },
        }),
      ),
    );
    expect(sends.map((send) => send.statusCode).sort()).toEqual([201, 409]);
    const refused = sends.find((send) => send.statusCode === 409)!;
    expect(refused.json().error.message).toBe(seasonFullMessage);
    const held = sends.find((send) => send.statusCode === 201)!.json();
    expect(held.status).toBe('awaiting_payment');
    // The hold counts against the season: the team page's registration is refused meanwhile.
    const third = await call('POST', `/api/seasons/${seasonId}/registrations`, player.cookie, {});
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(seasonFullMessage);

    await payHeld(formId, held.submissionId);
    const rows = await registered(seasonId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe((await row(held.submissionId)).name);
  });

  it('when the held place is gone and the season is full, the payment is refunded and the payer told', async () => {
    const { seasonId, formId } = await seasonForm(1);
    const held = await submit(formId, 'Kim');
    const [hold] = await registered(seasonId);
    // The organizer removes the held registration and someone else takes the place from the team page.
    await t.db.delete(registrations).where(eq(registrations.id, hold!.id));
    expect((await call('POST', `/api/seasons/${seasonId}/registrations`, player.cookie, {})).statusCode).toBe(201);

    mails.length = 0;
    const opened = await call('POST', `/api/forms/${formId}/submissions/${held.submissionId}/checkout`, '', {
      key: await keyOf(held.submissionId),
    });
    await payOnLocalCheckout(t.app, opened.json().url);
    await expect
      .poll(async () => (await t.db.select().from(payments).where(eq(payments.formSubmissionId, held.submissionId)))[0])
      .toMatchObject({ status: 'refunded', refundedCents: 2500 });
    expect((await row(held.submissionId)).status).toBe('cancelled');
    expect((await registered(seasonId)).map((entry) => entry.userId)).toEqual([player.user.id]);
    const mail = mails.find((entry) => entry.subject === 'Refunded: Summer camp');
    expect(mail?.to).toMatch(/^kim-/);
    expect(mail?.text).toContain('refunded in full');
    expect(mail?.text).toContain('$25 ');
  });
});
