import { teamEndpoints } from '@huddle/shared/teams';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getTeam } from './teams.service.ts';

/**
 * The team page's team for a server-rendered team/{id} (decision 075's addendum): what
 * GET /api/teams/{teamId} sends this viewer (the same service and read routing), or null (not
 * found, or private to them).
 */
export function teamPageSource({ reads }: Pick<AppDeps, 'reads'>): Pick<ContentPageReads, 'team'> {
  return {
    team: (request, viewerId, teamId) =>
      endpointReplyOrNull(teamEndpoints.getTeam, { teamId }, ({ teamId }) =>
        reads.visitorRead(request, viewerId, (readDb) => getTeam(readDb, { viewerId, teamId })),
      ),
  };
}
