import { formPaymentMessages } from '@huddle/shared/forms';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';
import { connectStripeAccount } from './support/stripe.ts';

/**
 * Decision 036, payment items in forms: a visitor fills a paid two-page form, sees the running
 * total, pays on the local Checkout, and comes back to the success message; the organizer sees
 * "Paid" on the submission and the payment in Transactions.
 */
test('a visitor fills a paid two-page form and pays; the organizer sees it paid @mobile', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  const word = uniqueWord('Race');
  await signUpWithProfile(page, newPerson('Racer'));

  // Until Stripe is connected, the builder says how to take payments.
  const created = await page.request.post('/api/forms', { data: { title: `${word} 10K`, teamId: null } });
  expect(created.status()).toBe(201);
  const formId = (await created.json()).id as string;
  await page.goto(`/form/build/${formId}`);
  await expect(page.getByText(formPaymentMessages.connectStripe)).toBeVisible();

  await connectStripeAccount(page);
  const saved = await page.request.put(`/api/forms/${formId}`, {
    data: {
      version: 1,
      title: `${word} 10K`,
      fields: [
        { type: 'short_text', id: 'club', label: 'Running club', required: true },
        { type: 'payment', id: 'entry', label: 'Race entry', priceCents: 2500, required: true },
        { type: 'page_break', id: 'extras', label: 'Extras' },
        { type: 'payment', id: 'meal', label: 'Pasta dinner', priceCents: 500, quantity: { min: 0, max: 3 } },
      ],
      settings: { onePerPerson: false },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await page.request.post(`/api/forms/${formId}/status`, { data: { status: 'published' } })).status()).toBe(
    200,
  );

  // The visitor, signed out, in a browser of their own.
  const context = await browser.newContext({
    baseURL,
    ...(phone && { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }),
    reducedMotion: 'reduce',
  });
  const visitor = await context.newPage();
  const visitorName = `${word} Visitor`;
  await visitor.goto(`/form/${formId}`);
  await visitor.getByLabel('Your name').fill(visitorName);
  await visitor.getByLabel('Your email').fill(`${word.toLowerCase()}@example.com`);
  await visitor.getByLabel('Running club').fill('Harbor Harriers');
  await expect(visitor.getByText('Total: $25.00')).toBeVisible();
  await visitor.getByRole('button', { name: 'Next' }).click();
  await visitor.getByLabel('Pasta dinner').fill('2');
  await expect(visitor.getByText('Total: $35.00')).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByRole('button', { name: 'Submit' }).click();

  // Its payment page, then the local Checkout for the whole.
  await visitor.waitForURL(new RegExp(`/form/payment/${formId}/[0-9a-f-]+\\?key=`));
  await expect(visitor.getByRole('cell', { name: 'Pasta dinner' })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByRole('button', { name: 'Pay $35.00' }).click();
  await visitor.waitForURL(/\/local-stripe\/checkout\/cs_test_/);
  await expect(visitor.getByText(`${word} 10K`)).toBeVisible();
  await visitor.getByRole('button', { name: 'Pay $35.00' }).click();

  // Back on the payment page: the success message, then "Paid" once the webhook confirmed it.
  await visitor.waitForURL(new RegExp(`/form/payment/${formId}/`));
  await expect(visitor.getByText(formPaymentMessages.success)).toBeVisible();
  await expect(visitor.getByText('Paid', { exact: true })).toBeVisible({ timeout: 30_000 });
  const submissionId = new URL(visitor.url()).pathname.split('/').at(-1)!;
  await context.close();

  // The organizer: paid on the submission, and in Transactions.
  await page.goto(`/form/${formId}/${submissionId}`);
  await expect(page.getByRole('heading', { level: 1, name: visitorName })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText(/receipt HDL-\d{6}/)).toBeVisible();
  await expectAccessible(page);
  await page.goto('/transactions');
  await expect(page.getByTestId('transaction-row').filter({ hasText: visitorName })).toHaveCount(1);
});

/**
 * Decision 040: the builder's own way to a paid form. The organizer adds a payment item from the
 * keyboard (the Add menu, its label and price), publishes, and a visitor pays it on the local
 * Checkout.
 */
test('an organizer adds a payment item in the builder from the keyboard, publishes, and a visitor pays it', async ({
  page,
  browser,
  baseURL,
}) => {
  const word = uniqueWord('Camp');
  await signUpWithProfile(page, newPerson('Coach'));
  await connectStripeAccount(page);
  const created = await page.request.post('/api/forms', { data: { title: `${word} camp`, teamId: null } });
  const formId = (await created.json()).id as string;
  await page.goto(`/form/build/${formId}`);

  // The Add menu, opened and walked with the keyboard to "Payment item".
  await page.getByRole('button', { name: 'Add a field' }).focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Payment item', exact: true });
  for (let step = 0; step < 20 && !(await item.evaluate((node) => node === document.activeElement)); step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');

  const list = page.getByRole('list', { name: 'Fields' });
  let card = list.getByRole('listitem', { name: 'Payment item: Entry fee', exact: true });
  const label = card.getByRole('textbox', { name: 'Payment item label' });
  await label.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Camp week');
  card = list.getByRole('listitem', { name: 'Payment item: Camp week', exact: true });
  const price = card.getByRole('textbox', { name: 'Price (USD)' });
  await price.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('18');
  await expect(price).toHaveValue('$18');
  await card.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Publish' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // The visitor, signed out: the total, the payment page, the local Checkout, paid.
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const visitor = await context.newPage();
  await visitor.goto(`/form/${formId}`);
  await visitor.getByLabel('Your name').fill(`${word} Camper`);
  await visitor.getByLabel('Your email').fill(`${word.toLowerCase()}-camper@example.com`);
  await expect(visitor.getByText('Total: $18.00')).toBeVisible();
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await visitor.waitForURL(new RegExp(`/form/payment/${formId}/[0-9a-f-]+\\?key=`));
  await expect(visitor.getByRole('cell', { name: 'Camp week' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Pay $18.00' }).click();
  await visitor.waitForURL(/\/local-stripe\/checkout\/cs_test_/);
  await visitor.getByRole('button', { name: 'Pay $18.00' }).click();
  await visitor.waitForURL(new RegExp(`/form/payment/${formId}/`));
  await expect(visitor.getByText(formPaymentMessages.success)).toBeVisible();
  await expect(visitor.getByText('Paid', { exact: true })).toBeVisible({ timeout: 30_000 });
  await context.close();
});
