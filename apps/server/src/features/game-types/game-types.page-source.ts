import { profileEndpoints } from '@huddle/shared/profiles';
import type { AppDeps } from '../../app-deps.ts';
import { endpointQueryReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { listGameTypes } from './game-types.service.ts';

/** Discover's filter (issue 33, decision 075's addendum "discover and home"): what GET /api/game-types sends. */
export function gameTypesPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'gameTypes'> {
  return {
    gameTypes: () => endpointQueryReplyOrNull(profileEndpoints.listGameTypes, undefined, () => listGameTypes(db)),
  };
}
