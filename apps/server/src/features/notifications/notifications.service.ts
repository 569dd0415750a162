import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import type {
  Notification,
  NotificationCreatedEvent,
  NotificationKind,
  NotificationList,
  NotificationsReadEvent,
  PushSubscriptionBody,
} from '@huddle/shared/notifications';
import type { NotificationCategory } from '@huddle/shared/users';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { deliveryRetries, type JobQueue } from '../../lib/jobs/job-queue.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import type { PushSender } from '../../lib/push/web-push-sender.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { organizerTextForMail } from '../teams/teams.mails.ts';
import {
  countUnreadOf,
  deletePushSubscription,
  deletePushSubscriptionById,
  findNotificationRow,
  findPushSubscription,
  insertNotifications,
  listNotificationRows,
  listRecipients,
  markAllNotificationsRead,
  markNotificationRead,
  upsertPushSubscription,
  type NotificationRow,
} from './notifications.repository.ts';

/** What notify needs besides its arguments: every field is an AppDeps field of the same name. */
export interface NotifyDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  jobs: JobQueue;
  realtime: RealtimeHub;
  publicOrigin: string;
  log: FastifyBaseLogger;
}

export interface NotifyMail {
  subject: string;
  text: string;
  html?: string;
}

export interface NotifyInput {
  userIds: readonly string[];
  /** Spec §3: the settings switch (email and push) that gates delivery. */
  category: NotificationCategory;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside Huddle, such as /discover/events/<id>. */
  link: string;
  /** Who did it; never notified of their own action. */
  actorId?: string | null;
  /** A team's notification: its per-team switches gate the mail and the push too. */
  teamId?: string | null;
  /** What it is about (an event, a team), stored for later lookups. */
  subjectId?: string | null;
  /** Once per person: a second notify with the same key for the same person does nothing. */
  dedupeKey?: string;
  /**
   * The mail's text for one recipient (their name, as the greeting; their id, for a link of
   * their own); without it the mail is the title, the body and the link.
   */
  mail?: (recipient: { name: string; userId: string }) => NotifyMail;
}

export const sendPushJob = 'notification.push';
interface PushJobData {
  notificationId: string;
  subscriptionId: string;
}

const greetingFor = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

/**
 * The title and body carry what people typed (a display name, a game's title): in a mail they
 * are one plain line each with links defused, so Huddle's own link is the only one.
 */
function defaultMail(input: NotifyInput, name: string, publicOrigin: string): NotifyMail {
  return {
    subject: organizerTextForMail(input.title, 200),
    text: `${greetingFor(organizerTextForMail(name, 100))}\n\n${organizerTextForMail(input.body, 2000)}\n\n${publicOrigin}${input.link}\n`,
  };
}

function toNotification(row: {
  notification: NotificationRow;
  actorName: string | null;
  actorImage: string | null;
}): Notification {
  const { notification } = row;
  return {
    id: notification.id,
    category: notification.category,
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    actor: notification.actorId
      ? {
          id: notification.actorId,
          displayName: row.actorName?.trim() || displayNameFallback,
          photoURL: row.actorImage || defaultPhotoPath,
        }
      : null,
    teamId: notification.teamId,
    read: notification.readAt !== null,
    createdAt: notification.createdAt.toISOString(),
  };
}

/**
 * Tells people something happened (issue 12): stores the in-app notification, sends it and the
 * new unread count to their open tabs, and queues a mail and a web push to each person whose
 * settings allow that channel for the category (spec §3, defaults on, spec §9), and, for a
 * team's notification, whose switches for that team allow it. The actor is never told of their
 * own action. Call it after the change commits; it never throws (a failure is logged), so the
 * change it reports is never undone by a notification.
 */
export async function notify(deps: NotifyDeps, input: NotifyInput): Promise<void> {
  try {
    await deliver(deps, input);
  } catch (error) {
    deps.log.error({ err: error, kind: input.kind }, 'notification failed');
  }
}

async function deliver(deps: NotifyDeps, input: NotifyInput): Promise<void> {
  const recipients = [...new Set(input.userIds)].filter((userId) => userId !== input.actorId);
  const now = deps.clock.now();
  const stored = await insertNotifications(
    deps.db,
    recipients.map((userId) => ({
      userId,
      category: input.category,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      actorId: input.actorId ?? null,
      teamId: input.teamId ?? null,
      subjectId: input.subjectId ?? null,
      dedupeKey: input.dedupeKey ?? null,
      createdAt: now,
    })),
  );
  if (stored.length === 0) return;
  const userIds = stored.map((row) => row.userId);

  const people = await listRecipients(deps.db, userIds, {
    teamId: input.teamId ?? null,
    actorId: input.actorId ?? null,
  });
  const personOf = new Map(people.map((person) => [person.id, person]));
  for (const row of stored) {
    const person = personOf.get(row.userId);
    const event: NotificationCreatedEvent = {
      type: 'notification.created',
      notification: toNotification({
        notification: row,
        actorName: person?.actorName ?? null,
        actorImage: person?.actorImage ?? null,
      }),
      unreadCount: person?.unread ?? 0,
    };
    deps.realtime.send(row.userId, { ...event });
  }

  const notificationOf = new Map(stored.map((row) => [row.userId, row.id]));
  for (const person of people) {
    const channels = person.settings[input.category];
    const teamEmail = person.teamEmail ?? true;
    const teamPush = person.teamPush ?? true;
    if (channels.email && teamEmail) {
      const mail = input.mail
        ? input.mail({ name: person.name, userId: person.id })
        : defaultMail(input, person.name, deps.publicOrigin);
      await deps.mailer.send({ to: person.email, ...mail });
    }
    if (!channels.push || !teamPush) continue;
    const notificationId = notificationOf.get(person.id);
    if (!notificationId) continue;
    for (const subscriptionId of person.pushSubscriptionIds) {
      await deps.jobs.send<PushJobData>(sendPushJob, { notificationId, subscriptionId });
    }
  }
}

/** The push job: one notification to one browser; a subscription the push service forgot is dropped. */
export function definePushJob(deps: { db: Database; jobs: JobQueue; push: PushSender }): void {
  deps.jobs.define<PushJobData>(
    sendPushJob,
    async ({ notificationId, subscriptionId }) => {
      const [row, subscription] = await Promise.all([
        findNotificationRow(deps.db, notificationId),
        findPushSubscription(deps.db, subscriptionId),
      ]);
      // Gone since it was queued (read elsewhere does not matter; deleted, or the browser moved on).
      if (!row || !subscription || subscription.userId !== row.notification.userId) return;
      const outcome = await deps.push.send(subscription, {
        id: row.notification.id,
        title: row.notification.title,
        body: row.notification.body,
        link: row.notification.link,
      });
      if (outcome === 'gone') await deletePushSubscriptionById(deps.db, subscription.id);
    },
    deliveryRetries,
  );
}

const cursorOf = (row: NotificationRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, 'utf8').toString('base64url');

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', undefined, { cursor: ['Not a cursor from this list.'] });
  }
  return { createdAt, id };
}

async function unreadCountOf(db: Database, userId: string): Promise<number> {
  return (await countUnreadOf(db, [userId])).get(userId) ?? 0;
}

export async function listMyNotifications(
  db: Database,
  { actorId, cursor, limit }: { actorId: string; cursor: string | undefined; limit: number },
): Promise<NotificationList> {
  const before = cursor ? parseCursor(cursor) : undefined;
  const rows = await listNotificationRows(db, actorId, { before, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    notifications: page.map(toNotification),
    nextCursor: rows.length > limit && last ? cursorOf(last.notification) : null,
    unreadCount: await unreadCountOf(db, actorId),
  };
}

export async function myUnreadCount(db: Database, { actorId }: { actorId: string }) {
  return { unreadCount: await unreadCountOf(db, actorId) };
}

/** The count changed: every tab of the person updates its bell. */
function sendReadEvent(realtime: RealtimeHub, userId: string, unreadCount: number) {
  const event: NotificationsReadEvent = { type: 'notification.read', unreadCount };
  realtime.send(userId, { ...event });
}

export async function markMyNotificationRead(
  deps: Pick<NotifyDeps, 'db' | 'clock' | 'realtime'>,
  { actorId, notificationId }: { actorId: string; notificationId: string },
) {
  // Someone else's notification answers as a missing one: ids tell nothing.
  if (!(await markNotificationRead(deps.db, actorId, notificationId, deps.clock.now()))) {
    throw new AppError('NOT_FOUND', 'Notification not found.');
  }
  const unreadCount = await unreadCountOf(deps.db, actorId);
  sendReadEvent(deps.realtime, actorId, unreadCount);
  return { unreadCount };
}

export async function markAllMyNotificationsRead(
  deps: Pick<NotifyDeps, 'db' | 'clock' | 'realtime'>,
  { actorId }: { actorId: string },
) {
  await markAllNotificationsRead(deps.db, actorId, deps.clock.now());
  sendReadEvent(deps.realtime, actorId, 0);
  return { unreadCount: 0 };
}

export async function savePushSubscription(
  db: Database,
  { actorId, subscription }: { actorId: string; subscription: PushSubscriptionBody },
) {
  await upsertPushSubscription(db, {
    userId: actorId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  });
  return { ok: true as const };
}

/** Only the person's own subscription goes; another person's endpoint is left alone, and the answer is the same. */
export async function removePushSubscription(
  db: Database,
  { actorId, endpoint }: { actorId: string; endpoint: string },
) {
  await deletePushSubscription(db, actorId, endpoint);
  return { ok: true as const };
}
