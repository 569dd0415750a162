import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, newPerson, test } from './support/fixtures.ts';
import { createPlaceAndGame, uniqueWord } from './support/games.ts';
import { appStarted, runClockUntilInteractive } from './support/hydration.ts';
import { austin, signUpWithProfile } from './support/people.ts';

// Issue 17, decision 052: the installable app and the service-worker rules of spec §4 and §9.
// The 30 s wait is Playwright's clock jumped forward, not a test-only setting in the app.
const currentWorker = '/sw.js?v=2';

/** The script URLs of this origin's service worker registrations. */
function registrations(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((registration) => {
      const worker = registration.active ?? registration.waiting ?? registration.installing;
      return worker ? new URL(worker.scriptURL).pathname + new URL(worker.scriptURL).search : '';
    }),
  );
}

/** PNG width and height from the IHDR chunk. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the web app manifest is valid, linked from the app and the sign-in pages, with its icons and an offline page', async ({
  page,
}) => {
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Huddle', start_url: '/home', display: 'standalone', theme_color: '#0b7a57' });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['192x192', 'maskable'],
    ['512x512', 'maskable'],
  ]) {
    const icon = icons.find((entry) => entry.sizes === sizes && entry.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const file = await page.request.get(icon?.src ?? '');
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body())).toBe(sizes);
  }

  await page.goto('/auth/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await signUpWithProfile(page, newPerson('Manifest'));
  await page.goto('/home');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

  const offline = await page.request.get('/offline.html');
  expect(offline.status()).toBe(200);
  expect(await offline.text()).toContain('You are offline');
});

test('the service worker registers after 30 s of a stable app, not before (spec §4, §9)', async ({ page }) => {
  await page.clock.install();
  await signUpWithProfile(page, newPerson('Worker'));
  await page.goto('/home');
  // The app's own start, not the server's render (which shows home before any script runs).
  await expect(page.getByRole('region', { name: 'Upcoming events' })).toBeVisible();
  await page.waitForLoadState('load');
  await runClockUntilInteractive(page);

  // Loaded, and (real time) well under 30 s later: nothing yet; 10 s on, still nothing.
  expect(await registrations(page)).toEqual([]);
  await page.clock.runFor(10_000);
  expect(await registrations(page)).toEqual([]);
  await page.clock.runFor(20_500);
  await expect.poll(() => registrations(page)).toEqual([currentWorker]);
  // It installs (its app shell precached) and takes control of the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toContain(currentWorker);
});

test('an older registration is unregistered at start with one reload, and the page does not loop', async ({ page }) => {
  await signUpWithProfile(page, newPerson('Stale'));
  await page.goto('/home');
  // The app has started (home is rendered on the server: its heading shows before any script), and
  // its own look at the registrations, made at start, has answered before ours (they answer in
  // order): else it could find the worker registered next and reload.
  await expect(page.locator(appStarted)).toHaveCount(1);
  expect(await registrations(page)).toEqual([]);
  // A worker of an older Huddle (issue 12 registered /sw.js with no version).
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  expect(await registrations(page)).toEqual(['/sw.js']);

  // Page loads counted by their document requests (the reload can come before the first load event).
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  await page.goto('/home', { waitUntil: 'commit' });
  await expect.poll(() => loads).toBe(2);
  await expect(page.locator(appStarted)).toHaveCount(1);
  expect(await registrations(page)).toEqual([]);

  // The next start finds nothing to remove: no further reload.
  await page.reload();
  await expect(page.locator(appStarted)).toHaveCount(1);
  await page.waitForTimeout(1_000);
  expect(loads).toBe(3);
});

test('offline, home opens from the app shell and shows the last copy of your next game, marked as such', async ({
  page,
  context,
}) => {
  await page.clock.install();
  await signUpWithProfile(page, newPerson('Basement'));
  const title = `Basement game ${uniqueWord('bg')}`;
  await createPlaceAndGame(page, { placeName: `Gym ${uniqueWord('gym')}`, title, at: austin });

  await page.goto('/home');
  await page.waitForLoadState('load');
  // The app starts after index.html's first frame is painted (decision 021): its 30 s count starts then.
  // Home is rendered on the server: on screen before the app has started.
  await expect(page.getByRole('region', { name: 'Upcoming events' })).toBeVisible();
  await runClockUntilInteractive(page);
  await page.clock.runFor(31_000);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toContain(currentWorker);

  // Online through the worker once: it keeps the lists as they load. Home is rendered on the server
  // (on screen before any script): its lists are kept once the app has started (in the worker's
  // data cache, offlineDataCache of apps/web/src/lib/offline-data.ts).
  await page.reload();
  const upcoming = page.getByRole('region', { name: 'Upcoming events' });
  await expect(upcoming.getByText(title)).toBeVisible();
  await expect(page.getByText(/^Offline, last updated/)).toHaveCount(0);
  await runClockUntilInteractive(page);
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('huddle-data')).keys()).length))
    .toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Upcoming events' }).getByText(title)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Offline, last updated / })).toBeVisible();

  // Back online, fresh data clears the mark.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Upcoming events' }).getByText(title)).toBeVisible();
  await expect(page.getByText(/^Offline, last updated/)).toHaveCount(0);
});

/**
 * Chromium reports every Playwright context as incognito, where nothing installs: this journey
 * runs in a browser with a profile on disk, as a person's would be.
 */
test('Chromium finds the app installable (no installability errors, a valid manifest) and its start URL opens offline', async ({
  playwright,
  baseURL,
}, testInfo) => {
  const profile = mkdtempSync(path.join(tmpdir(), 'huddle-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.clock.install();
    await signUpWithProfile(page, newPerson('Installer'));
    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Upcoming events' })).toBeVisible();
    await page.waitForLoadState('load');
    await runClockUntilInteractive(page);
    await page.clock.runFor(30_500);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toContain(currentWorker);

    // What Chromium's install prompt checks, through the DevTools protocol.
    const devtools = await context.newCDPSession(page);
    const manifest = await devtools.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Huddle', start_url: '/home' });
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
    await devtools.detach();

    // The start URL opens with no connection once the worker is installed (and has kept the
    // session and lists of one visit through it: decision 052).
    await page.reload();
    await expect(page.getByRole('region', { name: 'Upcoming events' })).toBeVisible();
    await context.setOffline(true);
    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Upcoming events' })).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
