import type { AnalyticsConfig, AnalyticsProvider } from './analytics.ts';

/**
 * Plausible's events API (POST {url}/api/event): no cookies and no script from Plausible, only
 * the page's address (path, no query string) and the site's name. Plausible itself keeps no IP
 * address (it hashes it with a daily salt).
 */
export function plausibleAnalytics(
  config: Extract<AnalyticsConfig, { provider: 'plausible' }>,
  send: typeof fetch = (...args) => fetch(...args),
): AnalyticsProvider {
  return {
    trackPage(path) {
      const body = JSON.stringify({
        name: 'pageview',
        url: `${window.location.origin}${path.split(/[?#]/)[0] ?? '/'}`,
        domain: config.domain,
      });
      // text/plain: a simple request, so the browser sends no preflight to the analytics host.
      void send(`${config.url}/api/event`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
        credentials: 'omit',
        keepalive: true,
      }).catch(() => undefined);
    },
  };
}
