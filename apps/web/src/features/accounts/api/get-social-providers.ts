import { socialProviderIds, type SocialProviderId } from '@huddle/shared/account-messages';
import { authApiPaths } from '@huddle/shared/auth-pages';
import { sendJson } from '../../../lib/api-client.ts';

/**
 * The social providers this server has configured, read from GET /api/config (declared in
 * @huddle/shared/profiles; the auth pages read just this field, by hand, to load no zod).
 * Unknown names are dropped; a config that cannot be read means none.
 */
export async function getSocialProviders(): Promise<SocialProviderId[]> {
  const reply = await sendJson('GET', authApiPaths.publicConfig).catch(() => null);
  const listed = (reply as { socialProviders?: unknown } | null)?.socialProviders;
  if (!Array.isArray(listed)) return [];
  return socialProviderIds.filter((id) => listed.includes(id));
}
