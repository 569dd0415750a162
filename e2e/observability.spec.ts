import type { Page } from '@playwright/test';
import {
  startTelemetryReceiver,
  type PostHogEvent,
  type TelemetryReceiver,
} from '../apps/server/src/test/telemetry-receiver.ts';
import { settingsSavedMessage } from '@huddle/shared/profiles';
import { startBuiltServer, type BuiltServer } from './support/built-server.ts';
import { expect, newPerson, test as base } from './support/fixtures.ts';
import { austin } from './support/people.ts';

/**
 * Issue 31, error reporting and analytics seen working in the browser: the built app with
 * SENTRY_DSN and ANALYTICS_POSTHOG_KEY/_URL naming a receiver on 127.0.0.1 that takes what the
 * Sentry browser SDK and Huddle's PostHog adapter send. The app is its own server here (the
 * journeys' shared one has no third parties), reached as huddle-lan.test: plain HTTP from a name
 * that is not the machine's own, as a LAN install is, so the browser gives it no secure context.
 */
const lanHost = 'huddle-lan.test';
const release = 'huddle@e2e-31';

interface Telemetry {
  receiver: TelemetryReceiver;
  server: BuiltServer;
}

const test = base.extend<object, { telemetry: Telemetry }>({
  telemetry: [
    async ({}, use) => {
      const receiver = await startTelemetryReceiver();
      const server = await startBuiltServer(
        () => ({
          SEED_DEMO: 'false',
          SENTRY_DSN: receiver.sentryDsn,
          SENTRY_ENVIRONMENT: 'e2e',
          SENTRY_RELEASE: release,
          ANALYTICS_POSTHOG_KEY: receiver.posthogKey,
          ANALYTICS_POSTHOG_URL: receiver.posthogUrl,
        }),
        { host: lanHost },
      );
      await use({ receiver, server });
      await server.stop();
      await receiver.close();
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${lanHost} 127.0.0.1`],
      }),
    { scope: 'worker' },
  ],
  baseURL: async ({ telemetry }, use) => use(telemetry.server.baseURL),
});

/**
 * Signs a new person up and saves their profile from inside the page (same origin, so the session
 * cookie is the browser's): the test runner itself cannot resolve huddle-lan.test.
 */
async function signUpInPage(page: Page, person: ReturnType<typeof newPerson>) {
  await page.goto('/auth/sign-up');
  const statuses = await page.evaluate(
    async ({ person, austin }) => {
      const send = async (method: string, url: string, body: unknown) =>
        (await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
          .status;
      return [
        await send('POST', '/api/auth/sign-up', person),
        await send('PUT', '/api/me/profile', {
          displayName: person.name,
          fullName: `${person.name} Rivera`,
          defaultCity: austin,
          games: ['Soccer'],
          pronouns: null,
          bio: null,
          joinReason: null,
        }),
      ];
    },
    { person, austin },
  );
  expect(statuses).toEqual([201, 200]);
}

/** Page loads whose error reporting started: each starts a Sentry session. */
const reportingStarts = (receiver: TelemetryReceiver) =>
  receiver.envelopes.flatMap((envelope) =>
    envelope.items.filter(
      (item) => item.header.type === 'session' && (item.payload as { init?: boolean }).init === true,
    ),
  ).length;

/** Opens `path` in a full page load and waits until its third parties have started (the gate has run). */
async function openAndWaitForThirdParties(page: Page, receiver: TelemetryReceiver, path: string) {
  const before = reportingStarts(receiver);
  await page.goto(path);
  await receiver.until(() => reportingStarts(receiver) > before);
}

/** An error no code of Huddle's catches, thrown in the page: what the SDK's global handlers report. */
async function throwInPage(page: Page, message: string) {
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    }, 0);
  }, message);
}

/** The Sentry event whose exception says `text` (after scrubbing), with its envelope's raw text. */
async function sentryEventSaying(receiver: TelemetryReceiver, text: string) {
  const find = () =>
    receiver.envelopes
      .flatMap((envelope) =>
        envelope.items
          .filter((item) => item.header.type === 'event')
          .map((item) => ({ event: item.payload as SentryEvent, raw: envelope.raw })),
      )
      .find(({ event }) => event.exception?.values?.some((value) => value.value?.includes(text)));
  await receiver.until(() => find() !== undefined);
  return find()!;
}

interface SentryEvent {
  release?: string;
  environment?: string;
  user?: unknown;
  request?: { url?: string; headers?: Record<string, string> };
  exception?: { values?: { value?: string; mechanism?: { type?: string } }[] };
  breadcrumbs?: { category?: string; message?: string }[];
  sdk?: { settings?: { infer_ip?: string } };
}

/** The paths of the page views PostHog received, from the `since`th event on. */
const pageViewsOf = (receiver: TelemetryReceiver, origin: string, since = 0) =>
  receiver
    .posthogEvents()
    .slice(since)
    .filter((event) => event.event === '$pageview')
    .map((event) => String(event.properties.$current_url).replace(origin, ''));

test('page views reach PostHog only for a signed-in person who has not opted out, as paths and anonymous', async ({
  page,
  browser,
  baseURL,
  telemetry: { receiver },
}) => {
  const origin = baseURL!;
  const person = newPerson('Kim');
  const since = receiver.posthogEvents().length;
  const views = () => pageViewsOf(receiver, origin, since);

  // A visitor: error reporting runs, analytics does not (spec §7: identified people only).
  await openAndWaitForThirdParties(page, receiver, `/discover?q=${encodeURIComponent(person.email)}`);

  await signUpInPage(page, person);
  await openAndWaitForThirdParties(page, receiver, `/home?email=${encodeURIComponent(person.email)}`);
  await receiver.until(() => views().includes('/home'));
  const capture = receiver.captures.find((sent) =>
    sent.events.some((event) => event.properties.$current_url === `${origin}/home`),
  )!;
  expect(capture.path).toBe('/i/v0/e/');
  // No cookie goes to PostHog, and a simple request: no preflight for the analytics host.
  expect(capture.requestHeaders.cookie).toBeUndefined();
  expect(capture.requestHeaders['content-type']).toBe('text/plain');
  const [homeView] = capture.events as [PostHogEvent];
  expect(homeView).toEqual({
    api_key: receiver.posthogKey,
    event: '$pageview',
    distinct_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    properties: { $current_url: `${origin}/home`, $process_person_profile: false },
  });
  expect(capture.raw).not.toContain(person.email);
  expect(capture.raw).not.toContain(person.name);

  // Moving inside the app counts the new page, by its path only.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await receiver.until(() => views().includes('/settings'));

  // Switched off in Settings > General: nothing more, in this page load or the next.
  await page.getByRole('switch', { name: 'Share usage statistics' }).click();
  await expect(page.getByText(settingsSavedMessage)).toBeVisible();
  const viewsBeforeOptOut = views().length;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await openAndWaitForThirdParties(page, receiver, '/messages');
  // The error report comes after anything those pages would have sent.
  await throwInPage(page, 'after opting out');
  await sentryEventSaying(receiver, 'after opting out');
  expect(views()).toHaveLength(viewsBeforeOptOut);

  // A browser that asks sites not to track (Global Privacy Control; decision 068): nothing either.
  const gpcContext = await browser.newContext({ baseURL: origin });
  try {
    await gpcContext.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const gpcPage = await gpcContext.newPage();
    await signUpInPage(gpcPage, newPerson('Gpc'));
    await openAndWaitForThirdParties(gpcPage, receiver, '/home');
    await throwInPage(gpcPage, 'with privacy control');
    await sentryEventSaying(receiver, 'with privacy control');
    expect(views()).toHaveLength(viewsBeforeOptOut);
  } finally {
    await gpcContext.close();
  }

  // The visitor's page was never counted, nor anything after the switch or under the signal.
  expect(views()).toEqual(['/home', '/settings']);
  expect(receiver.refused).toEqual([]);
});

test('a browser error and a page that fails to load reach Sentry without the person, with the release', async ({
  page,
  baseURL,
  telemetry: { receiver },
}) => {
  const origin = baseURL!;
  const person = newPerson('Lee');
  await signUpInPage(page, person);
  await openAndWaitForThirdParties(page, receiver, `/home?email=${encodeURIComponent(person.email)}`);

  // A tap on the player card's QR code, which is labelled with the person's name.
  await page.getByRole('button', { name: 'Player Card' }).click();
  await page.getByRole('img', { name: /^QR code of/ }).click();
  await page.keyboard.press('Escape');

  await throwInPage(page, `Could not load the card of ${person.email}`);
  const thrown = await sentryEventSaying(receiver, 'Could not load the card of');
  expect(thrown.event.exception?.values?.[0]?.value).toBe('Could not load the card of [email]');
  expect(thrown.event).toMatchObject({ release, environment: 'e2e', request: { url: `${origin}/home` } });
  expect(thrown.event.user).toBeUndefined();
  expect(thrown.event.request?.headers ?? {}).toEqual({});
  // Sentry is told not to take the sender's IP address from the request.
  expect(thrown.event.sdk?.settings?.infer_ip).toBe('never');
  expect(thrown.event.breadcrumbs?.some((crumb) => crumb.category === 'ui.click')).toBe(true);
  for (const personal of [person.email, person.name, `${person.name} Rivera`]) {
    expect(thrown.raw).not.toContain(personal);
  }

  // A page whose code cannot load (a deploy removed it, the connection dropped) shows "Something
  // went wrong", and is reported: nothing reaches the window's error handler then.
  await page.route(/\/assets\/settings-page-[^/]*\.js$/, (route) => route.abort());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  const failed = await sentryEventSaying(receiver, 'settings-page-');
  expect(failed.event.exception?.values?.at(-1)?.mechanism?.type).toBe('route-error-page');
  expect(failed.event).toMatchObject({ release, environment: 'e2e', request: { url: `${origin}/settings` } });
  expect(failed.raw).not.toContain(person.email);
  expect(receiver.refused).toEqual([]);
});
