import { submissionEndMessages } from '@huddle/shared/forms';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { uniqueWord } from './support/games.ts';
import { signUpWithProfile } from './support/people.ts';
import { connectStripeAccount } from './support/stripe.ts';

/**
 * Decision 044: a visitor who paid withdraws from the link they were given (after a confirmation
 * dialog) and is refunded; the organizer deletes another submission from its page.
 */
test('a visitor withdraws a paid submission and is refunded; the organizer deletes another @mobile', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  const word = uniqueWord('Swim');
  await signUpWithProfile(page, newPerson('Coach'));
  await connectStripeAccount(page);
  const created = await page.request.post('/api/forms', { data: { title: `${word} lessons`, teamId: null } });
  const formId = (await created.json()).id as string;
  const saved = await page.request.put(`/api/forms/${formId}`, {
    data: {
      version: 1,
      title: `${word} lessons`,
      fields: [{ type: 'payment', id: 'term', label: 'Term fee', priceCents: 4000, required: true }],
      settings: { onePerPerson: false },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await page.request.post(`/api/forms/${formId}/status`, { data: { status: 'published' } })).status()).toBe(
    200,
  );

  // The visitor fills and pays, signed out.
  const context = await browser.newContext({
    baseURL,
    ...(phone && { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }),
    reducedMotion: 'reduce',
  });
  const visitor = await context.newPage();
  await visitor.goto(`/form/${formId}`);
  await visitor.getByLabel('Your name').fill(`${word} Swimmer`);
  await visitor.getByLabel('Your email').fill(`${word.toLowerCase()}-swimmer@example.com`);
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await visitor.waitForURL(new RegExp(`/form/payment/${formId}/[0-9a-f-]+\\?key=`));
  await visitor.getByRole('button', { name: 'Pay $40.00' }).click();
  await visitor.waitForURL(/\/local-stripe\/checkout\/cs_test_/);
  await visitor.getByRole('button', { name: 'Pay $40.00' }).click();
  await visitor.waitForURL(new RegExp(`/form/payment/${formId}/`));
  await expect(visitor.getByText('Paid', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Withdrawing asks first; keeping it changes nothing.
  await visitor.getByRole('button', { name: 'Withdraw submission' }).click();
  const dialog = visitor.getByRole('dialog', { name: submissionEndMessages.withdrawTitle });
  await expect(dialog.getByText(submissionEndMessages.withdrawConfirm)).toBeVisible();
  await expectAccessible(visitor);
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await visitor.getByRole('button', { name: 'Withdraw submission' }).click();
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(visitor.getByText(submissionEndMessages.withdrawn)).toBeVisible();
  await expect(visitor.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Withdraw submission' })).toHaveCount(0);
  await context.close();

  // Another visitor's submission (held for payment), deleted by the organizer from its page.
  const stranger = await browser.newContext({ baseURL });
  const other = await stranger.request.post(`/api/forms/${formId}/submissions`, {
    data: {
      clientId: crypto.randomUUID(),
      answers: { term: true },
      guest: { name: `${word} Other`, email: `${word.toLowerCase()}-other@example.com` },
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  const otherId = (await other.json()).submissionId as string;
  await stranger.close();
  await page.goto(`/form/${formId}/${otherId}`);
  await page.getByRole('button', { name: 'Delete submission' }).click();
  const confirm = page.getByRole('dialog', { name: submissionEndMessages.deleteTitle });
  await expect(confirm.getByText(submissionEndMessages.deleteConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete submission' }).click();
  await page.waitForURL(new RegExp(`/form/${formId}/submissions$`));
  // The table on a desktop, the cards on a phone: role queries see only the one shown.
  await expect(page.getByRole('link', { name: `${word} Swimmer` })).toBeVisible();
  await expect(page.getByRole('link', { name: `${word} Other` })).toHaveCount(0);
});
