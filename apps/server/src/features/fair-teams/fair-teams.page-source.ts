import { fairTeamEndpoints } from '@huddle/shared/fair-teams';
import type { AppDeps } from '../../app-deps.ts';
import { endpointParamsQueryReplyOrNull, signedInRead, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getPublishedTeams } from './fair-teams.service.ts';

/**
 * An event page's published teams card, rendered (issue 33): what
 * GET /api/events/{eventId}/teams/published sends the signed-in viewer for the date; null for a visitor.
 */
export function fairTeamsPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'publishedTeams'> {
  return {
    publishedTeams: signedInRead((_request, viewerId, eventId: string, occurrence: string) =>
      endpointParamsQueryReplyOrNull(
        fairTeamEndpoints.publishedTeams,
        { eventId },
        { occurrence },
        ({ eventId }, { occurrence }) => getPublishedTeams({ db }, { actorId: viewerId, eventId, occurrence }),
      ),
    ),
  };
}
