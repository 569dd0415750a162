import { seasonEndpoints } from '@huddle/shared/seasons';
import type { AppDeps } from '../../app-deps.ts';
import {
  endpointQueryReplyOrNull,
  endpointReplyOrNull,
  signedInRead,
  type ContentPageReads,
} from '../../lib/content-page-sources.ts';
import { listMyRegistrations, listSeasons, listSessions } from './seasons.service.ts';

/** A team page's seasons (decision 075's addendum): what GET /api/teams/{teamId}/seasons sends this viewer. */
export function seasonsPageSource({
  db,
}: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'teamSeasons' | 'seasonSessions' | 'myRegistrations'> {
  return {
    // On the primary, as the route reads it.
    teamSeasons: (_request, viewerId, teamId) =>
      endpointReplyOrNull(seasonEndpoints.listSeasons, { teamId }, ({ teamId }) =>
        listSeasons(db, { viewerId, teamId }),
      ),
    // Each season's next sessions on the team page: read after hydration before, a second render
    // of the seasons card in a task of its own (issue 33).
    seasonSessions: (_request, viewerId, seasonId) =>
      endpointReplyOrNull(seasonEndpoints.listSessions, { seasonId }, ({ seasonId }) =>
        listSessions(db, { viewerId, seasonId }),
      ),
    // Home's "Registrations" (issue 33): a session required, as the route's.
    myRegistrations: signedInRead((_request, viewerId) =>
      endpointQueryReplyOrNull(seasonEndpoints.listMyRegistrations, undefined, () =>
        listMyRegistrations(db, { actorId: viewerId }),
      ),
    ),
  };
}
