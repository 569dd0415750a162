import { scrubErrorEvent } from '@huddle/shared/error-scrubbing';
import type { PublicConfig } from '@huddle/shared/profiles';
import type { Breadcrumb, BreadcrumbHint } from '@sentry/browser';
import { sendCaughtErrorsTo } from './caught-errors.ts';

/**
 * A clicked or typed-in element, and four of its parents, by tag, id and classes only. Sentry's
 * own description adds the element's aria-label, title, alt and name, and Huddle's labels name
 * people ("Manage Kim Rivera", "Connect with Kim Rivera"): those never leave the browser.
 */
function elementPath(target: unknown): string {
  const parts: string[] = [];
  for (
    let element = target instanceof Element ? target : null;
    element && element.tagName !== 'HTML' && parts.length < 5;
    element = element.parentElement
  ) {
    const id = element.id ? `#${element.id}` : '';
    parts.unshift(`${element.tagName.toLowerCase()}${id}${[...element.classList].map((name) => `.${name}`).join('')}`);
  }
  return parts.join(' > ') || '<unknown>';
}

/** Breadcrumbs as they may leave: no console lines (they can quote anything), clicks without labels. */
function breadcrumbWithoutPersonalData(breadcrumb: Breadcrumb, hint?: BreadcrumbHint): Breadcrumb | null {
  if (breadcrumb.category === 'console') return null;
  if (breadcrumb.category?.startsWith('ui.')) {
    const event: unknown = hint?.event;
    const target = typeof Event !== 'undefined' && event instanceof Event ? event.target : event;
    return { ...breadcrumb, message: elementPath(target) };
  }
  return breadcrumb;
}

/**
 * The web app's error reporting (decision 052): @sentry/browser, loaded only when the server
 * names a DSN (this module is itself imported only then). Events are scrubbed of personal data
 * first (emails, cookies, IP addresses, query strings); the person is an opaque id at most.
 */
export async function startErrorReporting(config: NonNullable<PublicConfig['errorReporting']>): Promise<void> {
  const Sentry = await import('@sentry/browser');
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    // Unset, the release the build injected with its source maps, if any.
    ...(config.release && { release: config.release }),
    // Nothing about the person is collected by the SDK either: no user fields, cookies, headers, bodies or query strings.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    tracesSampleRate: 0,
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: breadcrumbWithoutPersonalData,
  });
  // Pages that failed and showed "Something went wrong" (app/route-error-page.tsx).
  sendCaughtErrorsTo((error) =>
    Sentry.captureException(error, { mechanism: { type: 'route-error-page', handled: true } }),
  );
}
