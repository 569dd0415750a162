import { randomUuid } from '../random-uuid.ts';
import type { AnalyticsConfig, AnalyticsProvider } from './analytics.ts';
import { pageUrl, sendEvent } from './send-event.ts';

/**
 * PostHog's capture API (POST {url}/i/v0/e/) instead of its script (posthog-js): no cookies, nothing
 * stored on the device, only the page's address (path, no query string). Events are anonymous
 * (`$process_person_profile: false`, no person profile): the distinct id is a random one made per
 * page load and kept in memory, never the account's id, so visits are not tied to a person.
 */
export function posthogAnalytics(
  config: Extract<AnalyticsConfig, { provider: 'posthog' }>,
  send: typeof fetch = (...args) => fetch(...args),
  distinctId: string = randomUuid(),
): AnalyticsProvider {
  return {
    trackPage(path) {
      sendEvent(send, `${config.url}/i/v0/e/`, {
        api_key: config.key,
        event: '$pageview',
        distinct_id: distinctId,
        properties: { $current_url: pageUrl(path), $process_person_profile: false },
      });
    },
  };
}
