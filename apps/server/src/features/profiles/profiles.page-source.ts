import { profileEndpoints } from '@huddle/shared/profiles';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getPublicProfile } from './profiles.service.ts';

/**
 * A player's public profile for a server-rendered profile/{id} (decision 075's addendum): what
 * GET /api/users/{userId}/profile sends this viewer (what the player allows them to see), or null
 * (no such player).
 */
export function profilePageSource({
  db,
  clock,
  config,
}: Pick<AppDeps, 'db' | 'clock' | 'config'>): Pick<ContentPageReads, 'publicProfile'> {
  return {
    // On the primary, as the route reads it.
    publicProfile: (_request, viewerId, userId) =>
      endpointReplyOrNull(profileEndpoints.getPublicProfile, { userId }, ({ userId }) =>
        getPublicProfile({ db, clock, flagDefaults: config.flagDefaults }, { viewerId, userId }),
      ),
  };
}
