import type { Page } from '@playwright/test';
import { expect, expectAccessible, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { appStarted, holdScripts, watchHydration } from './support/hydration.ts';
import { confirmEmail, signUpWithProfile } from './support/people.ts';

/**
 * Server rendering of the pages people enter by (issue 33): sign-in and sign-up arrive as real
 * forms that work without JavaScript, keep what is typed before the scripts start, and hydrate
 * without a mismatch.
 */

/** Whether React has made this element live (hydrated it). */
const isHydrated = (page: Page, selector: string) =>
  page.evaluate(
    (target) => Object.keys(document.querySelector(target) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  );

test('sign-up and sign-in work with JavaScript off, and a wrong password comes back with the email kept @mobile', async ({
  browser,
  page,
}) => {
  const person = newPerson('NoScript');
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined });
  const noScript = await context.newPage();

  await noScript.goto('/auth/sign-up');
  await expect(noScript).toHaveTitle('Sign Up | Huddle');
  await expect(noScript.getByRole('heading', { level: 1, name: 'Create your Huddle account' })).toBeVisible();
  await noScript.getByRole('textbox', { name: 'Display name' }).fill(person.name);
  await noScript.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await noScript.getByLabel('Password', { exact: true }).fill(person.password);
  await noScript.getByRole('button', { name: 'Create account' }).click();
  await noScript.waitForURL('**/home');
  const signedUp = (await (await context.request.get('/api/auth/session')).json()) as { user: { email: string } };
  expect(signedUp.user.email).toBe(person.email);

  // Signed out, email confirmed (a password sign-in waits for it, decision 062), then back by the form.
  expect((await context.request.post('/api/auth/sign-out')).status()).toBe(200);
  await confirmEmail(context.request, person.email);
  await noScript.goto('/auth/login?returnTo=%2Fteams');
  await expect(noScript).toHaveTitle('Login | Huddle');
  // What needs the scripts (a passkey) is not offered without them.
  await expect(noScript.getByRole('button', { name: 'Sign in with a passkey' })).toBeHidden();
  // A field in error comes back with the caret in it (the HTML's autofocus: no script needed).
  await noScript.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await noScript.getByLabel('Password', { exact: true }).fill('whatever it is');
  await noScript.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(noScript.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(noScript.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await noScript.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await noScript.getByLabel('Password', { exact: true }).fill('not my password at all');
  await noScript.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    noScript.getByText('That email and password do not match. Try again, or reset your password.'),
  ).toBeVisible();
  expect(new URL(noScript.url()).pathname + new URL(noScript.url()).search).toBe('/auth/login?returnTo=%2Fteams');
  await expect(noScript.getByRole('textbox', { name: 'Email' })).toHaveValue(person.email);
  await expect(noScript.getByLabel('Password', { exact: true })).toHaveValue('');

  await noScript.getByLabel('Password', { exact: true }).fill(person.password);
  await noScript.getByRole('button', { name: 'Sign in', exact: true }).click();
  await noScript.waitForURL('**/teams');
  const signedIn = (await (await context.request.get('/api/auth/session')).json()) as { user: { email: string } };
  expect(signedIn.user.email).toBe(person.email);
  // A reload of the form shows no old outcome (read once).
  expect((await context.request.post('/api/auth/sign-out')).status()).toBe(200);
  await noScript.goto('/auth/login');
  await expect(noScript.getByText('That email and password do not match.', { exact: false })).toBeHidden();
  await expect(noScript.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  await context.close();
});

test('what is typed into sign-in before the scripts start is kept, and the page hydrates without a warning @mobile', async ({
  browser,
  page,
}) => {
  const person = newPerson('Early');
  const signUp = await page.request.post('/api/auth/sign-up', { data: person });
  expect(signUp.status()).toBe(201);
  await confirmEmail(page.request, person.email);

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const release = await holdScripts(context);
  const visitor = await context.newPage();
  const seen = watchHydration(visitor);
  const response = await visitor.goto('/auth/login', { waitUntil: 'commit' });
  const html = (await response?.text()) ?? '';
  expect(html.includes('<title>Login | Huddle</title>'), "the page's own title in the HTML").toBe(true);
  await visitor.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await visitor.getByLabel('Password', { exact: true }).fill(person.password);
  expect(await isHydrated(visitor, 'input[name="email"]')).toBe(false);

  release();
  await expect.poll(() => isHydrated(visitor, 'input[name="email"]')).toBe(true);
  await expect(visitor.getByRole('textbox', { name: 'Email' })).toHaveValue(person.email);
  await expect(visitor.getByLabel('Password', { exact: true })).toHaveValue(person.password);
  // A render of the field after hydration keeps it (the form holds the typed value, not just the DOM).
  await visitor.getByRole('button', { name: 'Show characters' }).click();
  await expect(visitor.getByLabel('Password', { exact: true })).toHaveValue(person.password);
  // The app keeps the server's title.
  await expect(visitor).toHaveTitle('Login | Huddle');
  await expectAccessible(visitor);
  expect(seen.problems).toEqual([]);
  // The page's data (the social providers) came with it: no request for the config.
  expect(seen.apiRequests.filter((request) => request === 'GET /api/config')).toEqual([]);

  // Signed in through the hydrated form with what was typed before it was live.
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await visitor.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  expect(seen.apiRequests).toContain('POST /api/auth/sign-in');
  await context.close();
});

test('what is typed into sign-up before the scripts start is kept, counted and sent @mobile', async ({
  browser,
  page,
}) => {
  const person = newPerson('EarlyNew');
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const release = await holdScripts(context);
  const visitor = await context.newPage();
  const seen = watchHydration(visitor);
  await visitor.goto('/auth/sign-up', { waitUntil: 'commit' });
  await visitor.getByRole('textbox', { name: 'Display name' }).fill(person.name);
  await visitor.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await visitor.getByLabel('Password', { exact: true }).fill(person.password);
  // The server's counter said 0 characters; the app's counts what was typed once it is live.
  release();
  await expect.poll(() => isHydrated(visitor, 'input[name="name"]')).toBe(true);
  await expect(visitor.getByText(`${person.name.length}/25 characters. Other players see this name.`)).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: 'Email' })).toHaveValue(person.email);
  await expect(visitor).toHaveTitle('Sign Up | Huddle');
  expect(seen.problems).toEqual([]);
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await visitor.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  const session = (await (await context.request.get('/api/auth/session')).json()) as { user: { displayName: string } };
  expect(session.user.displayName).toBe(person.name);
  await context.close();
});

test("a server-rendered event page keeps the server's title once the app runs, and the app titles it the same on its own @mobile", async ({
  page,
}) => {
  await signUpWithProfile(page, newPerson('Titled'));
  const word = uniqueWord('titled');
  const { eventId } = await createPlaceAndGame(page, { placeName: `Court ${word}`, title: `Titled ${word}` });
  const seen = watchHydration(page);
  const response = await page.goto(`/evt/${eventId}`);
  const serverTitle = /<title>([^<]*)<\/title>/.exec((await response?.text()) ?? '')?.[1] ?? '';
  // The game's name and date on its own clock (createPlaceAndGame: 6 PM in Chicago), not "Event | Huddle".
  expect(serverTitle).toMatch(new RegExp(`^Titled ${word} · [A-Z][a-z]{2}, .*, 6:00\\sPM C[DS]T \\| Huddle$`));
  await expect(page.getByRole('heading', { level: 1, name: `Titled ${word}` })).toBeVisible();
  await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
  await expect(page).toHaveTitle(serverTitle);

  // Rendered by the app alone (a page the server does not render, then the event by a link): the same
  // title. Discover and home are rendered on the server now (issue 33); Settings is not.
  await page.goto('/settings');
  await expect(page.locator(appStarted)).toBeAttached();
  await page.evaluate((id) => {
    window.history.pushState({}, '', `/evt/${id}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, eventId);
  await expect(page.getByRole('heading', { level: 1, name: `Titled ${word}` })).toBeVisible();
  await expect(page).toHaveTitle(serverTitle);
  expect(seen.problems).toEqual([]);
});
