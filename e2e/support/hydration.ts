import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * What React says when hydration goes wrong, in development (words) and production (its error
 * numbers: 418 text or markup mismatch, 419-425 the other hydration failures).
 */
const hydrationTrouble = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)/i;

/**
 * Watches a server-rendered page from here on (issue 33): console errors, page errors and React's
 * hydration complaints in `problems`, and every request to the API as "METHOD /api/path" in
 * `apiRequests`, so a journey can say the page hydrated cleanly without asking again for what it was
 * rendered from (`getsOf`).
 */
export function watchHydration(page: Page) {
  const problems: string[] = [];
  const apiRequests: string[] = [];
  page.on('console', (message) => {
    // Map tiles come from the internet, which journeys have none of.
    if (message.text().includes('net::ERR_NAME_NOT_RESOLVED')) return;
    if (message.type() === 'error' || hydrationTrouble.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`${error.name}: ${error.message}`));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apiRequests.push(`${request.method()} ${pathname}`);
  });
  return {
    problems,
    apiRequests,
    /** The GET requests seen so far for any of these API paths. */
    getsOf: (paths: string[]) => apiRequests.filter((request) => paths.some((path) => request === `GET ${path}`)),
    /**
     * The GET requests seen so far for anything but `afterLoadReads`: on a rendered page once it
     * has started and the network is idle, what the page read after hydrating. Each such answer
     * renders the page again in a task of its own, which a phone counts in its blocking time (issue
     * 33): what a page shows comes with it.
     */
    readsAfterHydration: () =>
      apiRequests.filter((request) => request.startsWith('GET ') && !afterLoadReads.includes(request.slice(4))),
  };
}

/**
 * What every app page reads once it has loaded, whatever it shows: the public config, for the
 * analytics and error-reporting set-up (main.tsx) and the map's tile server (its own query).
 */
export const afterLoadReads = ['/api/config'];

/** A rendered page has started and asked for whatever its effects ask for. */
export async function settledAfterHydration(page: Page): Promise<void> {
  await page.locator(appStarted).waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}

/** The app's first commit is done (apps/web/src/app/interactive-mark.tsx sets the attribute). */
export const appStarted = 'html[data-interactive]';

/**
 * For a journey that holds the page's clock (page.clock.install()): runs it in small steps until the
 * app is interactive (`<html data-interactive>`, apps/web/src/app/interactive-mark.tsx; the fake
 * clock stubs the performance timeline its User Timing mark is in). The app's start waits on the
 * page's timers (app-start.js after the first paint, main.tsx between steps), and a rendered page
 * shows its content before, so what is on screen does not say it has started.
 */
export async function runClockUntilInteractive(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return page.locator(appStarted).count();
    })
    .toBe(1);
}

/** The app's scripts (Vite's hashed chunks under /assets/); public/app-start.js and color-scheme.js are not among them. */
export const appScripts = /\/assets\/.*\.js$/;

/**
 * Holds every app script of the page (or of every page of the context) until `release` is called:
 * the person uses the server's markup, public/app-start.js keeps what they do, the app has not started.
 */
export async function holdScripts(target: Page | BrowserContext): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await target.route(appScripts, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
