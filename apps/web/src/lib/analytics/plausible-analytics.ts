import type { AnalyticsConfig, AnalyticsProvider } from './analytics.ts';
import { pageUrl, sendEvent } from './send-event.ts';

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
      sendEvent(send, `${config.url}/api/event`, { name: 'pageview', url: pageUrl(path), domain: config.domain });
    },
  };
}
