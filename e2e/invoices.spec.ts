import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { signUpWithProfile } from './support/people.ts';

/**
 * Issue 13, invoices and transactions (spec §2; decision 032): a player subscribes to a paid plan
 * through the local Checkout and finds its invoice and printable receipt under Invoices; the demo
 * organizer (whose seeded players paid a league fee) sees Transactions with totals, filters them
 * and downloads the same rows as CSV.
 */

/** Usable at 375 px: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [content, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(content).toBeLessThanOrEqual(viewport!);
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test('a player pays for a plan and finds its invoice and receipt under Invoices @mobile', async ({ page }) => {
  const person = newPerson('Invoicer');
  await signUpWithProfile(page, person);

  // Nothing paid yet: the empty state says what to do. No Stripe account: Transactions says so.
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page.getByText('No invoices yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find a game' })).toBeVisible();
  await page.goto('/transactions');
  await expect(page.getByText('Connect Stripe to receive payments')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Settings › Payments' })).toHaveAttribute(
    'href',
    '/settings?tab=payments',
  );

  // Settings › Payments links spec §2's pages.
  await page.goto('/settings?tab=payments');
  const links = page.getByRole('navigation', { name: 'Payments pages' }).getByRole('link');
  await expect(links).toHaveText(['Transactions', 'Invoices', 'Community pricing', 'My communities']);

  // Subscribe to Player Plus through the local Checkout (as in plans.spec.ts).
  await page.goto('/community/pricing?for=me');
  await page.getByRole('button', { name: 'Choose Player Plus' }).click();
  await expect(page).toHaveURL(/\/local-stripe\/checkout\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/community\/pricing\?.*checkout=success/);

  // Home's quick link 'Invoices & Payments' leads to the invoice, once the webhook has landed.
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Quick links' })
    .getByRole('link', { name: 'Invoices & Payments' })
    .click();
  await expect(page).toHaveURL(/\/invoices$/);
  const row = page.getByTestId('invoice-row').filter({ hasText: 'Huddle Player Plus plan' });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.getByText('$29.99')).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByText(/Receipt HDL-\d{6}/)).toBeVisible();
  await expect(row.getByText('Paid to Huddle')).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // Filters: plans of this year show it; games do not.
  await page.getByLabel('Kind', { exact: true }).selectOption('event');
  await expect(page.getByText('No invoices match these filters.')).toBeVisible();
  await page.getByLabel('Kind', { exact: true }).selectOption('subscription');
  await page.getByLabel('Year', { exact: true }).selectOption(String(new Date().getFullYear()));
  // Both filters hold: the second change does not put the first one back.
  await expect(page).toHaveURL(new RegExp(`kind=subscription&year=${new Date().getFullYear()}$`));
  await expect(row).toBeVisible();

  // The receipt: Huddle, the payer, who was paid, the line, the amount, the date; printable.
  await row.getByRole('link', { name: /View receipt/ }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const receipt = page.getByRole('article', { name: /Receipt HDL-\d{6}/ });
  await expect(receipt.getByText('Huddle', { exact: true }).first()).toBeVisible();
  await expect(receipt.getByText(person.name)).toBeVisible();
  await expect(receipt.getByText(person.email)).toBeVisible();
  await expect(receipt.getByTestId('receipt-payee')).toHaveText('Huddle');
  await expect(receipt.getByTestId('receipt-line')).toContainText('Huddle Player Plus plan');
  await expect(receipt.getByText('Total paid')).toBeVisible();
  await expect(receipt.getByText('$29.99').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  // On paper only the receipt shows: the buttons and the app's navigation are hidden.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(receipt.getByText('Total paid')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Someone else's address for it is not found.
  const receiptUrl = page.url();
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(receiptUrl).origin });
  const otherPage = await other.newPage();
  await signUpWithProfile(otherPage, newPerson('Snooper'));
  await otherPage.goto(new URL(receiptUrl).pathname);
  await expect(otherPage.getByText('This invoice was not found among yours.')).toBeVisible();
  await other.close();
});

test('the demo organizer sees Transactions with totals and downloads them as CSV @mobile', async ({ page }, info) => {
  const phone = info.project.name === 'mobile';
  // The demo account is shared by journeys in parallel: this one links its Stripe account (once,
  // whichever run gets there first) and only reads. Its seeded league fees were paid 13 to 20
  // days ago, a window nothing else writes in.
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: 'demo@huddle.test', password: 'huddle-demo-2026' },
  });
  expect(signIn.status()).toBe(200);
  const link = await page.request.post('/api/payments/account/link', { data: { type: 'new', country: 'US' } });
  expect([200, 409]).toContain(link.status());

  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();

  await page.getByLabel('From', { exact: true }).fill(isoDay(30));
  await page.getByLabel('To', { exact: true }).fill(isoDay(6));
  await expect(page).toHaveURL(new RegExp(`from=${isoDay(30)}&to=${isoDay(6)}`));
  await expect(page.getByTestId('total-gross')).toHaveText('$200.00');
  await expect(page.getByTestId('total-refunds')).toHaveText('−$37.50');
  await expect(page.getByTestId('total-fees')).toHaveText('−$10.00');
  await expect(page.getByTestId('total-net')).toHaveText('$152.50');
  await expect(page.getByTestId('transaction-row')).toHaveCount(8);
  // A table on a desktop; at 375 px each payment is a card.
  if (phone) {
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem')).toHaveCount(8);
    await expectNoSidewaysScroll(page);
  } else {
    await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row')).toHaveCount(9);
  }
  await expectAccessible(page);

  // A date range the wrong way round is refused beside the field, and what was typed stays.
  await page.getByLabel('To', { exact: true }).fill(isoDay(40));
  await expect(page.getByText('The end date must be on or after the start date.')).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(isoDay(40));
  await page.getByLabel('To', { exact: true }).fill(isoDay(6));

  await page.getByLabel('Status', { exact: true }).selectOption('refunded');
  await expect(page.getByTestId('total-gross')).toHaveText('$25.00');
  // Huddle's fee is not returned with a refund: the organizer nets minus the fee.
  await expect(page.getByTestId('total-net')).toHaveText('−$1.25');
  await expect(page.getByTestId('transaction-row')).toHaveCount(1);

  // The CSV has the same filter.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('huddle-transactions.csv');
  const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
  expect(csv[0]).toBe(
    'Date,Receipt,Description,Kind,Team,Payer,Payer email,Quantity,Amount,Refunded,Credit applied,Credit issued,Fee,Net,Currency,Status',
  );
  expect(csv).toHaveLength(2);
  expect(csv[1]).toMatch(
    /^\d{4}-\d{2}-\d{2},HDL-\d{6},Austin Pickup Soccer · Spring League,Season,Austin Pickup Soccer,[^,]+,[^,]+@huddle\.test,1,25\.00,25\.00,0\.00,0\.00,1\.25,-1\.25,USD,Refunded$/,
  );
});
