import { socialProviderIds, type SocialProviderId } from '@huddle/shared/account-messages';
import { authApiPaths, authPageConfigElementId } from '@huddle/shared/auth-pages';
import { sendJson } from '../../../lib/api-client.ts';

/** The providers a config lists that this page knows; anything unreadable means none. */
function socialProvidersIn(config: unknown): SocialProviderId[] {
  const listed = (config as { socialProviders?: unknown } | null)?.socialProviders;
  if (!Array.isArray(listed)) return [];
  return socialProviderIds.filter((id) => listed.includes(id));
}

/**
 * The social providers the server wrote into auth.html (decision 063), read once and removed.
 * Null when absent (the Vite dev server, a copy of auth.html not sent by Huddle's server) or
 * unreadable: then the page asks the API (getSocialProviders).
 */
export function takeInlineSocialProviders(): SocialProviderId[] | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(authPageConfigElementId);
  if (!element) return null;
  element.remove();
  try {
    return socialProvidersIn(JSON.parse(element.textContent ?? ''));
  } catch {
    return null;
  }
}

/**
 * The social providers this server has configured, read from GET /api/config (declared in
 * @huddle/shared/profiles; the auth pages read just this field, by hand, to load no zod).
 * Unknown names are dropped; a config that cannot be read means none.
 */
export async function getSocialProviders(): Promise<SocialProviderId[]> {
  return socialProvidersIn(await sendJson('GET', authApiPaths.publicConfig).catch(() => null));
}
