import { notificationEndpoints } from '@huddle/shared/notifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import {
  definePushJob,
  listMyNotifications,
  markAllMyNotificationsRead,
  markMyNotificationRead,
  myUnreadCount,
  removePushSubscription,
  savePushSubscription,
} from './notifications.service.ts';

export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, auth, clock, realtime, push, jobs } = deps;
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  definePushJob({ db, jobs, push });

  registerEndpoint(app, notificationEndpoints.listNotifications, async ({ request, query }) =>
    listMyNotifications(db, { actorId: await actor(request), cursor: query.cursor, limit: query.limit }),
  );
  registerEndpoint(app, notificationEndpoints.unreadCount, async ({ request }) =>
    myUnreadCount(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, notificationEndpoints.markRead, async ({ request, params }) =>
    markMyNotificationRead(
      { db, clock, realtime },
      { actorId: await actor(request), notificationId: params.notificationId },
    ),
  );
  registerEndpoint(app, notificationEndpoints.markAllRead, async ({ request }) =>
    markAllMyNotificationsRead({ db, clock, realtime }, { actorId: await actor(request) }),
  );
  registerEndpoint(app, notificationEndpoints.pushPublicKey, async () => ({ publicKey: push.publicKey }));
  registerEndpoint(app, notificationEndpoints.savePushSubscription, async ({ request, body }) =>
    savePushSubscription(db, { actorId: await actor(request), subscription: body }),
  );
  registerEndpoint(app, notificationEndpoints.removePushSubscription, async ({ request, body }) =>
    removePushSubscription(db, { actorId: await actor(request), endpoint: body.endpoint }),
  );
}
