import { substituteEndpoints } from '@huddle/shared/substitutes';
import type { AppDeps } from '../../app-deps.ts';
import { endpointParamsQueryReplyOrNull, signedInRead, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getMyInvitation } from './substitutes.service.ts';

/**
 * An event page's substitute banner, rendered (issue 33: it is the first thing an invited person
 * sees, and it pushed the page down once asked for): what GET /api/events/{eventId}/substitute-invitation
 * sends the signed-in viewer for the date; null for a visitor.
 */
export function substitutesPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'mySubstituteInvitation'> {
  return {
    mySubstituteInvitation: signedInRead((_request, viewerId, eventId: string, occurrence: string) =>
      endpointParamsQueryReplyOrNull(
        substituteEndpoints.myInvitation,
        { eventId },
        { occurrence },
        ({ eventId }, { occurrence }) => getMyInvitation({ db }, { actorId: viewerId, eventId, occurrence }),
      ),
    ),
  };
}
