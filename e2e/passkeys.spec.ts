import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { passkeyMessages } from '@huddle/shared/passkey-messages';
import { startBuiltServer, type BuiltServer } from './support/built-server.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, newPerson, test as base } from './support/fixtures.ts';
import { confirmEmail, signUpWithProfile } from './support/people.ts';

/**
 * Issue 34, part 3 (decision 078): a person adds a passkey in Settings, names and renames it, signs
 * out and signs in with it, then removes it, and it no longer signs in. Chromium's virtual
 * authenticator (the DevTools protocol's WebAuthn domain) stands in for the phone or laptop.
 *
 * The app is its own server here, reached as localhost: a passkey belongs to a host name (its RP
 * ID), and the journeys' shared server is reached as 127.0.0.1, which WebAuthn refuses (an IP
 * address is no RP ID). localhost is a secure context over plain HTTP, as WebAuthn needs.
 */
const shots = '/tmp/passkeys-shots';

const test = base.extend<{ server: BuiltServer }>({
  server: async ({}, use) => {
    const server = await startBuiltServer(() => ({ SEED_DEMO: 'false', AUTH_RATE_LIMIT_MAX: '200' }), {
      host: 'localhost',
    });
    // The verification link is in this server's log (support/outbox.ts reads the file named here).
    const sharedLog = process.env.E2E_SERVER_LOG;
    process.env.E2E_SERVER_LOG = server.logFile;
    try {
      await use(server);
    } finally {
      process.env.E2E_SERVER_LOG = sharedLog;
      await server.stop();
    }
  },
  baseURL: async ({ server }, use) => use(server.baseURL),
});

/** A platform authenticator that verifies the person (fingerprint, face) at once, as the journey's device. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    // The settings tabs change layout with the width: wait until the page has settled to it.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

/**
 * Chromium's virtual authenticator answers the email field's autofill request (conditional
 * mediation) at once, as if the person picked the passkey from the suggestions. The journey turns
 * autofill off (the browser then says it has none, as one without it would) to use the button, and
 * on to sign in through the suggestions.
 */
async function offerAutofill(page: Page, on: boolean) {
  await page.evaluate((value) => localStorage.setItem('e2e-passkey-autofill', value), on ? 'on' : 'off');
}

test('add a passkey in settings, sign out, sign in with it; once removed it signs in no more', async ({ page }) => {
  await page.addInitScript(() => {
    if (localStorage.getItem('e2e-passkey-autofill') !== 'on')
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
        value: async () => false,
        configurable: true,
      });
  });
  const person = newPerson('Passkey');
  await signUpWithProfile(page, person);
  await confirmEmail(page.request, person.email);
  const authenticator = await addVirtualAuthenticator(page);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(addDialog.getByLabel('Passkey name')).toHaveValue(/^Passkey on |^My passkey$/);
  await addDialog.getByLabel('Passkey name').fill('');
  await addDialog.getByRole('button', { name: 'Create passkey' }).click();
  await expect(addDialog.getByText(passkeyMessages.nameMissing)).toBeVisible();
  await addDialog.getByLabel('Passkey name').fill('Journey laptop');
  await addDialog.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText(passkeyMessages.added)).toBeVisible();
  await expect(addDialog).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Journey laptop');
  await expect(list).toContainText('Not used yet');
  expect(await authenticator.credentials()).toHaveLength(1);

  await list.getByRole('button', { name: 'Rename Journey laptop' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename passkey' });
  await renameDialog.getByLabel('Passkey name').fill('Work laptop');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(list).toContainText('Work laptop');
  await expectAccessible(page);
  await page.getByRole('heading', { name: 'Passkeys' }).scrollIntoViewIfNeeded();
  await shoot(page, 'settings');

  await signOut(page);
  // The email field offers passkeys in its suggestions where the browser can (conditional UI).
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'sign-in');

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.name);

  await page.goto('/settings');
  await expect(list).toContainText('Last used');

  // The email field's suggestions: picking the passkey there signs in, no button pressed.
  await signOut(page);
  await offerAutofill(page, true);
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await offerAutofill(page, false);

  await page.goto('/settings');
  await list.getByRole('button', { name: 'Remove Work laptop' }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(removeDialog).toContainText('“Work laptop” will no longer sign you in to Huddle.');
  await removeDialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText(passkeyMessages.removed)).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds its half; Huddle no longer accepts it.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sign-in failed' })).toContainText(
    passkeyMessages.unknownPasskey,
  );
  await expect(page).toHaveURL(/\/auth\/login$/);

  // Password sign-in keeps working.
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});
