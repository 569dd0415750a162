import { seasonEndpoints } from '@huddle/shared/seasons';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { listSeasons } from './seasons.service.ts';

/** A team page's seasons (decision 075's addendum): what GET /api/teams/{teamId}/seasons sends this viewer. */
export function seasonsPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'teamSeasons'> {
  return {
    // On the primary, as the route reads it.
    teamSeasons: (_request, viewerId, teamId) =>
      endpointReplyOrNull(seasonEndpoints.listSeasons, { teamId }, ({ teamId }) =>
        listSeasons(db, { viewerId, teamId }),
      ),
  };
}
