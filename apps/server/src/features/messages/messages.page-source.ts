import { messageEndpoints } from '@huddle/shared/messages';
import type { AppDeps } from '../../app-deps.ts';
import { endpointQueryReplyOrNull, signedInRead, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getUnreadCount } from './messages.service.ts';

/**
 * The app shell's Messages badge and the page title's count on a rendered page (issue 33): what
 * GET /api/conversations/unread sends the signed-in viewer; null for a visitor.
 */
export function messagesPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'unreadMessages'> {
  return {
    unreadMessages: signedInRead((_request, viewerId) =>
      endpointQueryReplyOrNull(messageEndpoints.unreadCount, undefined, () =>
        getUnreadCount(db, { actorId: viewerId }),
      ),
    ),
  };
}
