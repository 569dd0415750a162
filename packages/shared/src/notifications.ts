import { z } from 'zod';
import { okReply } from './accounts.ts';
import { defineEndpoint } from './endpoint.ts';
import { notificationCategories } from './users.ts';

/**
 * What happened, for the notifications page's icon and wording (issue 12). The category (spec §3)
 * decides which settings switch gates the mail and the push; the kind says what the item is.
 * Features that produce notifications (messages, substitutes) add their kinds here.
 */
export const notificationKinds = [
  'playerJoined',
  'spotOffered',
  'spotGiven',
  'offerWithdrawn',
  'teamInvitation',
  'joinRequest',
  'joinRequestAnswered',
  'registrationApproved',
  'eventChanged',
  'eventCancelled',
  'reminder',
  'gameShort',
  'teamMessage',
  'directMessage',
  'substituteInvited',
  'teamsPublished',
  'formSubmitted',
  'connectionRequest',
  'connectionAccepted',
  'timePollOpened',
  'timePollClosed',
  'availabilityNudge',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationReply = z
  .object({
    id: z.uuid(),
    category: z.enum(notificationCategories),
    kind: z.enum(notificationKinds),
    title: z.string(),
    body: z.string(),
    /** A path inside Huddle (starts with one slash), opened when the item is clicked. */
    link: z.string(),
    actor: z.object({ id: z.string(), displayName: z.string(), photoURL: z.string() }).nullable(),
    teamId: z.string().nullable(),
    read: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationReply>;

/** Items per page of the notifications list. */
export const notificationPageSize = 30;

export const listNotificationsQuery = z.strictObject({
  /** The nextCursor of the previous page; absent for the newest page. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor from this list.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(notificationPageSize),
});

export const notificationListReply = z.object({
  notifications: z.array(notificationReply),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListReply>;

export const unreadCountReply = z.object({ unreadCount: z.number().int().min(0) });

export const notificationIdParams = z.object({ notificationId: z.uuid('Unknown notification.') });

/**
 * A browser's push subscription as PushSubscription.toJSON() gives it (spec §7 push token).
 * The endpoint is the push service's URL; only https endpoints are accepted.
 */
export const pushSubscriptionBody = z.strictObject({
  endpoint: z
    .url({ protocol: /^https$/, message: 'The push endpoint must be an https URL.' })
    .max(2000, 'The push endpoint is too long.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z
      .string()
      .min(16)
      .max(200)
      .regex(/^[A-Za-z0-9_=+/-]+$/, 'Not a push key.'),
    auth: z
      .string()
      .min(8)
      .max(100)
      .regex(/^[A-Za-z0-9_=+/-]+$/, 'Not a push key.'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const removePushSubscriptionBody = z.strictObject({ endpoint: pushSubscriptionBody.shape.endpoint });

export const pushPublicKeyReply = z.object({
  /** The VAPID application server key (base64url), for PushManager.subscribe. */
  publicKey: z.string(),
});

/** The realtime event a person's tabs get when a notification arrives or the unread count changes. */
export interface NotificationCreatedEvent {
  type: 'notification.created';
  notification: Notification;
  unreadCount: number;
}
export interface NotificationsReadEvent {
  type: 'notification.read';
  unreadCount: number;
}

export const notificationEndpoints = {
  listNotifications: defineEndpoint({
    method: 'GET',
    path: '/api/me/notifications',
    summary: 'The signed-in person’s notifications, newest first, a page at a time',
    tags: ['notifications'],
    query: listNotificationsQuery,
    reply: notificationListReply,
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/me/notifications/unread-count',
    summary: 'How many notifications the signed-in person has not read',
    tags: ['notifications'],
    reply: unreadCountReply,
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/me/notifications/:notificationId/read',
    summary: 'Mark one of the signed-in person’s notifications read',
    tags: ['notifications'],
    params: notificationIdParams,
    reply: unreadCountReply,
  }),
  markAllRead: defineEndpoint({
    method: 'POST',
    path: '/api/me/notifications/read-all',
    summary: 'Mark every notification of the signed-in person read',
    tags: ['notifications'],
    reply: unreadCountReply,
  }),
  pushPublicKey: defineEndpoint({
    method: 'GET',
    path: '/api/push/public-key',
    summary: 'The Web Push (VAPID) public key browsers subscribe with',
    tags: ['notifications'],
    reply: pushPublicKeyReply,
  }),
  savePushSubscription: defineEndpoint({
    method: 'PUT',
    path: '/api/me/push-subscriptions',
    summary: 'Save this browser’s push subscription for the signed-in person (spec §7 push token)',
    tags: ['notifications'],
    body: pushSubscriptionBody,
    reply: okReply,
  }),
  removePushSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/me/push-subscriptions/remove',
    summary: 'Forget this browser’s push subscription',
    tags: ['notifications'],
    body: removePushSubscriptionBody,
    reply: okReply,
  }),
} as const;
