import { notificationEndpoints } from '@huddle/shared/notifications';
import type { AppDeps } from '../../app-deps.ts';
import { endpointQueryReplyOrNull, signedInRead, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { myUnreadCount } from './notifications.service.ts';

/**
 * The app shell's bell on a rendered page (issue 33): what GET /api/me/notifications/unread-count
 * sends the signed-in viewer; null for a visitor.
 */
export function notificationsPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'unreadNotifications'> {
  return {
    unreadNotifications: signedInRead((_request, viewerId) =>
      endpointQueryReplyOrNull(notificationEndpoints.unreadCount, undefined, () =>
        myUnreadCount(db, { actorId: viewerId }),
      ),
    ),
  };
}
