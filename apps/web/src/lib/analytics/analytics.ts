import type { PublicConfig } from '@huddle/shared/profiles';

/**
 * Usage analytics, whichever service counts (spec §1: a third party; decision 052). Huddle calls
 * only this; the adapter for the configured service loads when it is first needed, so nothing of
 * it loads when none is configured.
 */
export interface AnalyticsProvider {
  /** A page was shown: its path only (no query string, which can carry tokens or search text). */
  trackPage(path: string): void;
}

export type AnalyticsConfig = NonNullable<PublicConfig['analytics']>;

export async function loadAnalyticsProvider(config: AnalyticsConfig): Promise<AnalyticsProvider> {
  switch (config.provider) {
    case 'plausible':
      return (await import('./plausible-analytics.ts')).plausibleAnalytics(config);
    case 'posthog':
      return (await import('./posthog-analytics.ts')).posthogAnalytics(config);
  }
}
