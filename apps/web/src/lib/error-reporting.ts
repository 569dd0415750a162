import { scrubErrorEvent } from '@huddle/shared/error-scrubbing';
import type { PublicConfig } from '@huddle/shared/profiles';

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
    beforeBreadcrumb: (breadcrumb) => (breadcrumb.category === 'console' ? null : breadcrumb),
  });
}
