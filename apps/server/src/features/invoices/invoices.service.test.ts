import { connectStripeMessage, transactionMoneyColumns } from '@huddle/shared/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, signUpUser } from '../../test/factories.ts';
import { insertPayment } from '../../test/ledger-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { webhookPath } from '../payments/stripe-webhook.ts';
import { payments } from '../payments/payments.schema.ts';

/**
 * Issue 13, invoices and transactions (decision 032): each person reads only their own side of
 * the ledger; totals add up with refunds; the CSV escapes and guards its cells; a plan's paid
 * invoice lands in the ledger once, however often its webhook is delivered.
 */

type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let payer: User;
let organizer: User;
let stranger: User;

beforeAll(async () => {
  t = await createTestApp();
  [payer, organizer, stranger] = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]);
  await t.db
    .update(users)
    .set({ stripeId: `acct_${organizer.user.id.slice(0, 8)}` })
    .where(eq(users.id, organizer.user.id));
});
afterAll(async () => {
  await t.close();
});

const get = (who: User | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('invoices (spec §2, §7 invoices by user)', () => {
  it('lists what I paid, newest first, paged, by kind and year; never a pending payment', async () => {
    const person = await signUpUser(t.app);
    const mine = { payerUserId: person.user.id, payeeUserId: organizer.user.id };
    const old = await insertPayment(t.db, {
      ...mine,
      kind: 'season',
      paidAt: day('2025-03-01'),
      description: 'Spring League',
    });
    const middle = await insertPayment(t.db, { ...mine, paidAt: day('2026-05-01'), description: 'Game one' });
    const newest = await insertPayment(t.db, { ...mine, paidAt: day('2026-06-01'), description: 'Game two' });
    await insertPayment(t.db, { ...mine, status: 'pending', paidAt: null });
    await insertPayment(t.db, { ...mine, status: 'failed', paidAt: null });

    const first = await get(person, '/api/invoices?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json().invoices.map((invoice: { id: string }) => invoice.id)).toEqual([newest.id, middle.id]);
    expect(first.json().nextCursor).toBe(middle.id);
    const second = (await get(person, `/api/invoices?limit=2&cursor=${middle.id}`)).json();
    expect(second.invoices.map((invoice: { id: string }) => invoice.id)).toEqual([old.id]);
    expect(second.nextCursor).toBeNull();

    const seasons = (await get(person, '/api/invoices?kind=season')).json();
    expect(seasons.invoices.map((invoice: { id: string }) => invoice.id)).toEqual([old.id]);
    const in2026 = (await get(person, '/api/invoices?year=2026')).json();
    expect(in2026.invoices.map((invoice: { id: string }) => invoice.id)).toEqual([newest.id, middle.id]);
    expect(newest.receiptNumber).toMatch(/^HDL-\d{6,}$/);
    expect(first.json().invoices[0]).toMatchObject({
      receiptNumber: newest.receiptNumber,
      status: 'paid',
      amountCents: 1500,
      payeeName: organizer.body.name,
    });
  });

  it('another person never sees my invoices: not in their list, 404 for one, and someone else’s cursor gives nothing', async () => {
    const invoice = await insertPayment(t.db, { payerUserId: payer.user.id, payeeUserId: organizer.user.id });
    expect((await get(payer, `/api/invoices/${invoice.id}`)).statusCode).toBe(200);
    for (const other of [stranger, organizer]) {
      const one = await get(other, `/api/invoices/${invoice.id}`);
      expect(one.statusCode).toBe(404);
      const list = (await get(other, '/api/invoices')).json();
      expect(list.invoices.map((row: { id: string }) => row.id)).not.toContain(invoice.id);
      expect((await get(other, `/api/invoices?cursor=${invoice.id}`)).json().invoices).toEqual([]);
    }
    expect((await get(null, `/api/invoices/${invoice.id}`)).statusCode).toBe(401);
    expect((await get(null, '/api/invoices')).statusCode).toBe(401);
  });

  it('answers bad filters with field errors, not a 500', async () => {
    const bad = await get(payer, '/api/invoices?year=19999&kind=bitcoin&cursor=nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['cursor', 'kind', 'year']);
    expect((await get(payer, '/api/invoices/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('transactions (spec §2): an organizer with a connected Stripe account', () => {
  it('says to connect Stripe when no account is connected, for the list and the CSV', async () => {
    const list = await get(stranger, '/api/transactions');
    expect(list.statusCode).toBe(403);
    expect(list.json().error.message).toBe(connectStripeMessage);
    expect((await get(stranger, '/api/transactions.csv')).statusCode).toBe(403);
    expect((await get(null, '/api/transactions')).statusCode).toBe(401);
    expect((await get(null, '/api/transactions.csv')).statusCode).toBe(401);
  });

  it('totals gross, refunds, fees and net over the whole filter, across pages, with refunds', async () => {
    const seller = await signUpUser(t.app);
    await t.db.update(users).set({ stripeId: 'acct_totals' }).where(eq(users.id, seller.user.id));
    const to = { payerUserId: payer.user.id, payeeUserId: seller.user.id };
    await insertPayment(t.db, { ...to, amountCents: 2500, feeCents: 100, paidAt: day('2026-01-10') });
    await insertPayment(t.db, {
      ...to,
      amountCents: 2500,
      feeCents: 100,
      refundedCents: 1000,
      status: 'partially_refunded',
      paidAt: day('2026-01-11'),
    });
    await insertPayment(t.db, {
      ...to,
      amountCents: 1500,
      feeCents: 0,
      refundedCents: 1500,
      status: 'refunded',
      paidAt: day('2026-02-01'),
    });
    await insertPayment(t.db, { ...to, amountCents: 9900, status: 'pending', paidAt: null });
    // Paid to someone else: never in my totals.
    await insertPayment(t.db, {
      payerUserId: payer.user.id,
      payeeUserId: organizer.user.id,
      amountCents: 7000,
      paidAt: day('2026-01-12'),
    });

    const all = (await get(seller, '/api/transactions?limit=2')).json();
    expect(all.transactions).toHaveLength(2);
    expect(all.totals).toEqual({ count: 3, grossCents: 6500, refundedCents: 2500, feeCents: 200, netCents: 3800 });
    const rest = (await get(seller, `/api/transactions?limit=2&cursor=${all.nextCursor}`)).json();
    expect(rest.transactions).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    const nets = [...all.transactions, ...rest.transactions].map((row: { netCents: number }) => row.netCents);
    expect(nets.reduce((a: number, b: number) => a + b, 0)).toBe(3800);

    const january = (await get(seller, '/api/transactions?from=2026-01-01&to=2026-01-31')).json();
    expect(january.totals).toEqual({ count: 2, grossCents: 5000, refundedCents: 1000, feeCents: 200, netCents: 3800 });
    const refunded = (await get(seller, '/api/transactions?status=refunded')).json();
    expect(refunded.totals).toMatchObject({ count: 1, grossCents: 1500, refundedCents: 1500, netCents: 0 });
    const backwards = await get(seller, '/api/transactions?from=2026-02-01&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.to).toEqual(['The end date must be on or after the start date.']);
  });

  it('never shows one organizer what another was paid', async () => {
    const mine = await insertPayment(t.db, { payerUserId: payer.user.id, payeeUserId: organizer.user.id });
    const other = await signUpUser(t.app);
    await t.db.update(users).set({ stripeId: 'acct_other' }).where(eq(users.id, other.user.id));
    const theirs = (await get(other, '/api/transactions')).json();
    expect(theirs.transactions.map((row: { id: string }) => row.id)).not.toContain(mine.id);
    expect((await get(other, `/api/transactions?cursor=${mine.id}`)).json().transactions).toEqual([]);
    const csv = (await get(other, '/api/transactions.csv')).body;
    expect(csv).not.toContain(mine.receiptNumber);
    // The payer is no organizer of it either.
    expect((await get(payer, '/api/transactions')).statusCode).toBe(403);
  });
});

describe('the transactions CSV', () => {
  it('escapes commas, quotes and line breaks, and keeps formulas as text', async () => {
    const seller = await signUpUser(t.app);
    await t.db.update(users).set({ stripeId: 'acct_csv' }).where(eq(users.id, seller.user.id));
    const to = { payerUserId: payer.user.id, payeeUserId: seller.user.id, paidAt: day('2026-03-03') };
    await insertPayment(t.db, {
      ...to,
      payerName: '=HYPERLINK("http://evil.test","click")',
      description: 'Game, "the big one"\nline two',
    });
    await insertPayment(t.db, {
      ...to,
      payerName: '+1 caller',
      payerEmail: '@mention@example.com',
      description: '-minus',
    });
    await insertPayment(t.db, {
      ...to,
      payerName: 'Refunded Rae',
      amountCents: 1234,
      refundedCents: 1234,
      status: 'refunded',
      description: 'Plain',
    });

    const response = await get(seller, '/api/transactions.csv?status=refunded');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Date,Receipt,Description,Kind,Team,Payer,Payer email,Quantity,Amount,Refunded,Credit applied,Credit issued,Fee,Net,Currency,Status',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^2026-03-03,HDL-\d{6,},Plain,Game,,Refunded Rae,pat@example.com,1,12.34,12.34,0.00,0.00,0.00,0.00,USD,Refunded$/,
    );

    const whole = (await get(seller, '/api/transactions.csv')).body;
    expect(whole).toContain(`"Game, ""the big one""\nline two"`);
    expect(whole).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(whole).toContain(`'+1 caller`);
    expect(whole).toContain(`'@mention@example.com`);
    expect(whole).toContain(`'-minus`);
    expect(whole).not.toMatch(/(^|,)[=+\-@]/m);
    // Amounts stay numbers: a refunded payment with a fee nets below zero, unguarded.
    await insertPayment(t.db, {
      ...to,
      payerName: 'Fee Kept',
      amountCents: 2500,
      refundedCents: 2500,
      feeCents: 125,
      status: 'refunded',
    });
    const feeKept = (await get(seller, '/api/transactions.csv')).body
      .split('\n')
      .find((line) => line.includes('Fee Kept'));
    expect(feeKept).toMatch(/,25\.00,25\.00,0\.00,0\.00,1\.25,-1\.25,USD,Refunded$/);
  });

  it('has the credit columns of the Transactions table: credit applied and credit issued (decision 039)', async () => {
    const seller = await signUpUser(t.app);
    await t.db.update(users).set({ stripeId: 'acct_credit' }).where(eq(users.id, seller.user.id));
    const to = { payerUserId: payer.user.id, payeeUserId: seller.user.id };
    // $10 game: $4 of the player's credit applied, $6 charged (amount is what Stripe charged).
    await insertPayment(t.db, {
      ...to,
      payerName: 'Credit Cleo',
      // No comma, so the line splits into its cells.
      description: 'Tuesday pickup',
      amountCents: 600,
      creditAppliedCents: 400,
      feeCents: 30,
      paidAt: day('2026-04-02'),
    });
    // Left late from a credit game: its $12 given back as credit, the organizer keeps the money.
    await insertPayment(t.db, {
      ...to,
      payerName: 'Late Lou',
      description: 'Monday pickup',
      amountCents: 1200,
      creditedCents: 1200,
      paidAt: day('2026-04-01'),
    });
    const [header, ...lines] = (await get(seller, '/api/transactions.csv')).body.trim().split('\n');
    const columns = header!.split(',');
    const cell = (line: string | undefined, name: string) => line?.split(',')[columns.indexOf(name)];
    // The table's money columns, in its order, then the rest.
    expect(columns.slice(8, 14)).toEqual(transactionMoneyColumns.map((column) => column.label));
    expect(columns.slice(8, 14)).toEqual(['Amount', 'Refunded', 'Credit applied', 'Credit issued', 'Fee', 'Net']);
    const cleo = lines.find((line) => line.includes('Credit Cleo'));
    const lou = lines.find((line) => line.includes('Late Lou'));
    expect(['Amount', 'Credit applied', 'Credit issued', 'Fee', 'Net'].map((name) => cell(cleo, name))).toEqual([
      '6.00',
      '4.00',
      '0.00',
      '0.30',
      '5.70',
    ]);
    expect(['Amount', 'Credit applied', 'Credit issued', 'Net'].map((name) => cell(lou, name))).toEqual([
      '12.00',
      '0.00',
      '12.00',
      '12.00',
    ]);
    // The same numbers as the Transactions list the table is drawn from.
    const listed = (await get(seller, '/api/transactions')).json().transactions;
    expect(
      listed.map((row: { creditAppliedCents: number; creditedCents: number }) => [
        row.creditAppliedCents,
        row.creditedCents,
      ]),
    ).toEqual([
      [400, 0],
      [0, 1200],
    ]);
  });

  it('streams a large set whole, across its read batches', async () => {
    const seller = await signUpUser(t.app);
    await t.db.update(users).set({ stripeId: 'acct_large' }).where(eq(users.id, seller.user.id));
    const rows = Array.from({ length: 1203 }, (_, index) => ({
      kind: 'event' as const,
      status: 'paid' as const,
      payerUserId: payer.user.id,
      payerName: `Player ${index}`,
      payerEmail: `p${index}@example.com`,
      payeeUserId: seller.user.id,
      description: `Game ${index}`,
      amountCents: 100,
      paidAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
    }));
    await t.db.insert(payments).values(rows);
    const response = await get(seller, '/api/transactions.csv');
    const lines = response.body.trim().split('\n');
    expect(lines).toHaveLength(1204);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[5])).size).toBe(1203);
  });
});

describe('a paid plan writes its invoice into the ledger (issue 13)', () => {
  const playerPlus = { price: 'price_huddle_gth_player_plus_yearly', cost: 2999 };

  async function subscribeMe(who: User) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: { cookie: who.cookie },
      payload: {
        items: [
          {
            id: who.user.id,
            name: 'Player Plus',
            quantity: 1,
            cost: playerPlus.cost,
            type: 'user',
            subscriptionPriceId: playerPlus.price,
            platform: 'gth',
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: new URL(response.json().url as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
  }

  const planRows = (userId: string) => t.db.select().from(payments).where(eq(payments.payerUserId, userId));

  it('subscribing through Checkout gives one paid invoice to Huddle, shown under Invoices', async () => {
    const subscriber = await signUpUser(t.app);
    await subscribeMe(subscriber);
    const rows = await planRows(subscriber.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'subscription',
      status: 'paid',
      payeeUserId: null,
      amountCents: 2999,
      currency: 'usd',
      payerEmail: subscriber.user.email,
    });
    expect(rows[0]!.description).toMatch(
      /^Huddle Player Plus plan · [A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(rows[0]!.stripeInvoiceId).toMatch(/^in_/);
    const list = (await get(subscriber, '/api/invoices?kind=subscription')).json();
    expect(list.invoices).toHaveLength(1);
    expect(list.invoices[0]).toMatchObject({
      payeeName: 'Huddle',
      status: 'paid',
      receiptNumber: expect.stringMatching(/^HDL-/),
    });
  });

  it("a team plan is billed to the team's owner, with the team on the invoice", async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: { cookie: owner.cookie },
      payload: {
        items: [
          {
            id: team.id,
            name: 'Varsity',
            quantity: 1,
            cost: 999,
            type: 'teams',
            subscriptionPriceId: 'price_huddle_team_varsity_monthly',
            platform: 'gth',
          },
        ],
      },
    });
    await t.app.inject({
      method: 'POST',
      url: new URL(response.json().url as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const [invoice] = (await get(owner, '/api/invoices')).json().invoices;
    expect(invoice).toMatchObject({ kind: 'subscription', amountCents: 999, payeeName: 'Huddle', teamName: team.name });
    expect(invoice.description).toMatch(/^Huddle Varsity plan · /);
  });

  it('writes it once under 20 parallel replays of the webhook, and 20 other events about the same invoice', async () => {
    const subscriber = await signUpUser(t.app);
    await subscribeMe(subscriber);
    const [row] = await planRows(subscriber.user.id);
    const context = t.payments.localStripe!.context();
    const [event] = (await context.store.list('event', { type: 'invoice.paid' }, 1000)).filter(
      (candidate) => (candidate.data as { object: { id: string } }).object.id === row!.stripeInvoiceId,
    );
    expect(event).toBeDefined();
    const secret = await t.payments.webhookSecret();
    const deliver = (payloadEvent: object) => {
      const payload = JSON.stringify(payloadEvent);
      const signature = t.payments.stripe.webhooks.generateTestHeaderString({ payload, secret });
      return t.app.inject({
        method: 'POST',
        url: webhookPath,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    };
    const replies = await Promise.all([
      ...Array.from({ length: 20 }, () => deliver(event!)),
      ...Array.from({ length: 20 }, (_, index) => deliver({ ...event!, id: `evt_again_${index}_${Date.now()}` })),
    ]);
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    const rows = await planRows(subscriber.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.receiptNumber).toBe(row!.receiptNumber);
  });
});
