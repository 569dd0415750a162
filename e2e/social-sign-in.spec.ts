import { noProviderUserMessage } from '@huddle/shared/account-messages';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';

/**
 * The provider (oauth2-mock-server, started by global-setup) signs in whoever was set
 * last. Only this file sets it, and its journeys run one after another (not @mobile), so
 * no two sign-ins race for the same person: in one worker, in order, whatever the config's
 * `fullyParallel` (which let two of them run at once, and one signed in as the other's person).
 */
test.describe.configure({ mode: 'default' });
async function providerSignsInNext(claims: Record<string, unknown>) {
  const control = process.env.E2E_OIDC_CONTROL;
  if (!control) throw new Error('E2E_OIDC_CONTROL is not set: run through playwright.config.ts');
  const response = await fetch(`${control}/next-person`, { method: 'POST', body: JSON.stringify(claims) });
  expect(response.status).toBe(204);
}

test('a newcomer signs in with Google and lands signed in', async ({ page }) => {
  const person = newPerson('Sky');
  await providerSignsInNext({
    sub: `google-${person.email}`,
    email: person.email,
    email_verified: true,
    name: person.name,
  });

  await page.goto('/auth/login');
  await expectAccessible(page);
  await expect(page.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  // A new account has no profile yet: the setup screen (or home) greets them, signed in.
  await expect(page).toHaveURL(/\/(home|more-info)(\?|$)/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(me.ok()).toBe(true);
  expect(await me.json()).toMatchObject({ email: person.email, emailVerified: true, displayName: person.name });
});

test('sign-up offers Google too, and keeps where the person was heading', async ({ page }) => {
  const person = newPerson('Sage');
  await providerSignsInNext({
    sub: `google-${person.email}`,
    email: person.email,
    email_verified: true,
    name: person.name,
  });

  await page.goto('/auth/sign-up?returnTo=%2Fverify-email');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
});

test("a provider that gives no email brings the person back with 'No provider user'", async ({ page }) => {
  await providerSignsInNext({ sub: `no-email-${Date.now()}` });

  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toContainText(noProviderUserMessage);
  // The error is read once and dropped from the address.
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expectAccessible(page);

  // Signing in another way clears it.
  await page.getByLabel('Email').fill('demo@huddle.test');
  await page.getByLabel('Password').fill('huddle-demo-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});
