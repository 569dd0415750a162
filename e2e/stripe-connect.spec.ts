import { stripeMessages } from '@huddle/shared/payments';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { signUpWithProfile } from './support/people.ts';

/**
 * Issue 13, Stripe Connect for organizers, on the built-in local provider (decision 029): an
 * organizer connects a new account and leaves onboarding half-way, sees Incomplete with what is
 * due, completes verification, sees Active, and unlinks after the confirmation.
 */

/** Usable at 375 px: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [content, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(content).toBeLessThanOrEqual(viewport!);
}

test('an organizer connects Stripe, finishes verification and unlinks @mobile', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  await signUpWithProfile(page, newPerson('Payee'));

  await page.goto('/settings?tab=payments');
  await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Test payments' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Payments pages' }).getByRole('link', { name: 'My communities' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Organizer payouts' })).toBeVisible();

  // The Connect to Stripe dialog: home country (US by default, GB not offered), two ways in.
  await page.getByRole('button', { name: 'Connect to Stripe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect to Stripe' });
  await expect(dialog).toBeVisible();
  const country = dialog.getByRole('combobox', { name: 'Home country' });
  await expect(country).toHaveValue('United States');
  const box = await dialog.boundingBox();
  if (phone) expect(box!.width).toBeGreaterThanOrEqual(374);
  else expect(Math.round(box!.width)).toBe(550);
  await country.click();
  await country.fill('United King');
  await expect(page.getByRole('option', { name: 'United Kingdom' })).toHaveCount(0);
  await country.fill('Cana');
  await page.getByRole('option', { name: 'Canada' }).click();
  await expect(country).toHaveValue('Canada');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create a new Stripe account' }).click();
  await expect(page.getByText(stripeMessages.takingYouToStripe)).toBeVisible();

  // Stripe's onboarding, served locally; the organizer leaves it half-way.
  await page.waitForURL(/\/local-stripe\/connect\/acct_/);
  await expect(page.getByText('Test payments — no card is charged')).toBeVisible();
  await expect(page.getByText('(CA, express)')).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Leave incomplete' }).click();

  // localconnect: linked, but Incomplete, with what Stripe still needs.
  await page.waitForURL(/\/localconnect$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stripe account' })).toBeVisible();
  await expect(page.getByText(stripeMessages.linked)).toBeVisible();
  const card = page.getByRole('region', { name: 'Stripe account' });
  await expect(card.getByText('Incomplete', { exact: true })).toBeVisible();
  const due = card.getByRole('list', { name: 'Currently due' });
  await expect(due.getByText('Bank account for payouts')).toBeVisible();
  await expect(due.getByText('Date of birth')).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Complete Verification: back to onboarding, details submitted.
  await card.getByRole('button', { name: 'Complete Verification' }).click();
  await expect(page.getByText(stripeMessages.takingYouToStripe)).toBeVisible();
  await page.waitForURL(/\/local-stripe\/connect\/acct_/);
  await page.getByRole('button', { name: 'Submit details' }).click();
  await page.waitForURL(/\/localconnect$/);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Currently due' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Complete Verification' })).toHaveCount(0);

  // Settings › Payments shows the same card; unlinking asks first, and Cancel keeps it.
  await page.goto('/settings?tab=payments');
  const settingsCard = page.getByRole('region', { name: 'Stripe account' });
  await expect(settingsCard.getByText('Active', { exact: true })).toBeVisible();
  // Unlink Stripe is readable (it was red on red: axe's contrast check).
  await expectAccessible(page);
  await settingsCard.getByRole('button', { name: 'Unlink Stripe' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unlink Stripe' });
  await expect(confirm.getByRole('button', { name: 'Unlink' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(settingsCard.getByText('Active', { exact: true })).toBeVisible();

  await settingsCard.getByRole('button', { name: 'Unlink Stripe' }).click();
  await confirm.getByRole('button', { name: 'Unlink', exact: true }).click();
  await expect(page.getByText(stripeMessages.unlinked)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect to Stripe' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stripe account' })).toHaveCount(0);
  if (phone) await expectNoSidewaysScroll(page);
});

test('an organizer links an existing Stripe account; the return leaves no code in the address', async ({ page }) => {
  await signUpWithProfile(page, newPerson('Linker'));
  await page.goto('/settings?tab=payments');
  await page.getByRole('button', { name: 'Connect to Stripe' }).click();
  await page
    .getByRole('dialog', { name: 'Connect to Stripe' })
    .getByRole('button', { name: 'Link an existing Stripe account' })
    .click();
  await expect(page.getByText(stripeMessages.takingYouToStripe)).toBeVisible();

  // Stripe's "link your account" page, served locally.
  await page.waitForURL(/\/local-stripe\/oauth\/authorize\?/);
  await expect(page.getByText('Test payments — no card is charged')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Link test account' }).click();

  // Back in Settings › Payments: code and scope are read, then removed from the address.
  await expect(page.getByText(stripeMessages.linked)).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?tab=payments$/);
  const card = page.getByRole('region', { name: 'Stripe account' });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  // A reload has nothing left to link again.
  await page.reload();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(stripeMessages.linkFailed)).toHaveCount(0);
});
