import { eventEndpoints } from '@huddle/shared/events';
import type { AppDeps } from '../../app-deps.ts';
import { endpointQueryReplyOrNull, signedInRead, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { myFavorites } from './event-lists.service.ts';

/** An event page's Favourite button, rendered (issue 33): what GET /api/me/favorites sends the signed-in viewer; null for a visitor. */
export function favoritesPageSource({
  db,
  clock,
}: Pick<AppDeps, 'db' | 'clock'>): Pick<ContentPageReads, 'myFavorites'> {
  return {
    myFavorites: signedInRead((_request, viewerId) =>
      endpointQueryReplyOrNull(eventEndpoints.myFavorites, undefined, () =>
        myFavorites(db, clock, { actorId: viewerId }),
      ),
    ),
  };
}
