import { connectionEndpoints } from '@huddle/shared/connections';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, signedInRead, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getConnectionStatus } from './connections.service.ts';

/**
 * A profile page's Connect button (decision 075's addendum): what GET /api/connections/with/{userId}
 * sends the signed-in viewer; null for a visitor, whom the route answers with an error.
 */
export function connectionsPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'connectionStatus'> {
  return {
    connectionStatus: signedInRead((_request, viewerId, userId) =>
      endpointReplyOrNull(connectionEndpoints.status, { userId }, async ({ userId }) => ({
        status: await getConnectionStatus(db, { actorId: viewerId, userId }),
      })),
    ),
  };
}
