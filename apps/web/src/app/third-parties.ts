import type { PublicConfig } from '@huddle/shared/profiles';
import type { CurrentUser } from '@huddle/shared/users';
import { sessionQueryKey } from '../features/accounts/api/get-session.ts';
import { loadAnalyticsProvider, type AnalyticsProvider } from '../lib/analytics/analytics.ts';
import { queryClient } from '../lib/query-client.ts';

/** What this needs of the router: where the app is, and word when that changes. */
interface RouterLike {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

/** What the browser says of tracking: Global Privacy Control, and the older Do Not Track. */
export interface PrivacySignals {
  globalPrivacyControl?: boolean;
  doNotTrack?: string | null;
}

const browserSignals = (): PrivacySignals => (typeof navigator === 'undefined' ? {} : navigator);

/**
 * Spec §7: analytics only for identified (signed-in) people, and not for those who opted out.
 * A browser that asks sites not to track (GPC, Do Not Track) has opted out for its person,
 * whatever the switch says (decision 068).
 */
export function analyticsAllowed(user: CurrentUser | null | undefined, signals = browserSignals()): boolean {
  if (signals.globalPrivacyControl === true || signals.doNotTrack === '1') return false;
  return Boolean(user?.usageAnalytics);
}

function sessionUser(): CurrentUser | null {
  return queryClient.getQueryData<{ user: CurrentUser | null }>(sessionQueryKey)?.user ?? null;
}

/**
 * Analytics and error reporting (decision 052), started by main.tsx after the page has loaded, in
 * production only, when the server configures either. Each service's code loads only when configured.
 */
export async function startThirdParties(config: PublicConfig, router: RouterLike): Promise<void> {
  if (config.errorReporting) {
    const reporting = config.errorReporting;
    void import('../lib/error-reporting.ts')
      .then((module) => module.startErrorReporting(reporting))
      .catch((error: unknown) => console.error('Huddle: error reporting did not start', error));
  }
  if (config.analytics) followPages(config.analytics, router);
}

function followPages(analyticsConfig: NonNullable<PublicConfig['analytics']>, router: RouterLike) {
  let provider: Promise<AnalyticsProvider> | undefined;
  let lastPath: string | undefined;
  const track = (pathname: string) => {
    // Checked at every page: signing out, or switching analytics off in Settings, stops it at once.
    if (!analyticsAllowed(sessionUser()) || pathname === lastPath) return;
    lastPath = pathname;
    provider ??= loadAnalyticsProvider(analyticsConfig);
    void provider.then((loaded) => loaded.trackPage(pathname)).catch(() => undefined);
  };
  track(router.state.location.pathname);
  router.subscribe((state) => track(state.location.pathname));
}
