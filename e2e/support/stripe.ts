import { stripeMessages } from '@huddle/shared/payments';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Connects a new local Stripe account for the signed-in person, details submitted (stripe-connect.spec.ts's steps). */
export async function connectStripeAccount(page: Page) {
  await page.goto('/settings?tab=payments');
  await page.getByRole('button', { name: 'Connect to Stripe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect to Stripe' });
  await dialog.getByRole('button', { name: 'Create a new Stripe account' }).click();
  await expect(page.getByText(stripeMessages.takingYouToStripe)).toBeVisible();
  await page.waitForURL(/\/local-stripe\/connect\/acct_/);
  await page.getByRole('button', { name: 'Submit details' }).click();
  await page.waitForURL(/\/localconnect$/);
  await expect(page.getByRole('region', { name: 'Stripe account' }).getByText('Active', { exact: true })).toBeVisible();
}
