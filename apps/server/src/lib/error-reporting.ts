import { scrubErrorEvent } from '@huddle/shared/error-scrubbing';
import { redactRequestUrl } from './log-redaction.ts';

/**
 * Error reporting to a Sentry-compatible service (issue 17, decision 052): off unless SENTRY_DSN
 * is set, and then @sentry/node is loaded (never imported otherwise). Every event goes through
 * the shared scrubber first: no emails, cookies, IP addresses or request bodies leave the server.
 */
type Capture = (error: unknown) => void;
let capture: Capture | undefined;
let flush: ((timeoutMs: number) => Promise<boolean>) | undefined;

export async function startErrorReporting(options: {
  serverDsn: string | undefined;
  environment: string;
  release: string | undefined;
}): Promise<boolean> {
  if (!options.serverDsn) return false;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: options.serverDsn,
    environment: options.environment,
    release: options.release,
    // Nothing about the person is collected by the SDK either: no user fields, cookies, headers, bodies or query strings.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    tracesSampleRate: 0,
    // The request's address as the log shows it: a feed's or an invitation's token is its key.
    beforeSend: (event) => scrubErrorEvent(event, { path: redactRequestUrl }),
    beforeBreadcrumb: (breadcrumb) => {
      // Log lines can quote a request: only their category and level are kept.
      if (breadcrumb.category === 'console') return null;
      return breadcrumb;
    },
  });
  capture = (error) => Sentry.captureException(error);
  flush = (timeoutMs) => Sentry.flush(timeoutMs);
  return true;
}

/** Sends an unexpected error (a 5xx, a failed start) when reporting is on; otherwise nothing. */
export function reportError(error: unknown): void {
  capture?.(error);
}

/** Waits for queued reports before the process exits (a failed start). */
export async function flushErrorReports(timeoutMs = 2_000): Promise<void> {
  await flush?.(timeoutMs).catch(() => false);
}
