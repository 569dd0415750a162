import { teamEndpoints } from '@huddle/shared/teams';
import type { AppDeps } from '../../app-deps.ts';
import {
  endpointQueryReplyOrNull,
  endpointReplyOrNull,
  type ContentPageReads,
} from '../../lib/content-page-sources.ts';
import { getTeam, listTeams } from './teams.service.ts';

/**
 * The team page's team for a server-rendered team/{id} (decision 075's addendum): what
 * GET /api/teams/{teamId} sends this viewer (the same service and read routing), or null (not
 * found, or private to them).
 */
export function teamPageSource({
  db,
  reads,
}: Pick<AppDeps, 'db' | 'reads'>): Pick<ContentPageReads, 'team' | 'discoverTeams'> {
  return {
    // discover/teams' first list: what GET /api/teams sends this person (nearest their city when asked).
    discoverTeams: (_request, viewerId, query) =>
      endpointQueryReplyOrNull(teamEndpoints.listTeams, query, (query) =>
        listTeams(db, { viewerId, search: query.search ?? '', near: query.near === 'true', limit: query.limit }),
      ),
    team: (request, viewerId, teamId) =>
      endpointReplyOrNull(teamEndpoints.getTeam, { teamId }, ({ teamId }) =>
        reads.visitorRead(request, viewerId, (readDb) => getTeam(readDb, { viewerId, teamId })),
      ),
  };
}
