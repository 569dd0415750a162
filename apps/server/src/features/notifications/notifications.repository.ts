import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { teamNotificationTopics } from '../teams/teams.schema.ts';
import { notifications, pushSubscriptions } from './notifications.schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readAt'>;

/** Stores the rows; a row whose (person, dedupe key) exists already is skipped. Returns the stored ones. */
export async function insertNotifications(db: Database, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning();
}

const actorColumns = { actorName: users.name, actorImage: users.image };

export async function listNotificationRows(
  db: Database,
  userId: string,
  { before, limit }: { before: { createdAt: Date; id: string } | undefined; limit: number },
) {
  return db
    .select({ notification: notifications, ...actorColumns })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        before &&
          or(
            lt(notifications.createdAt, before.createdAt),
            and(eq(notifications.createdAt, before.createdAt), lt(notifications.id, before.id)),
          ),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function findNotificationRow(db: Database, notificationId: string) {
  const [row] = await db
    .select({ notification: notifications, ...actorColumns })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(eq(notifications.id, notificationId))
    .limit(1);
  return row;
}

export async function countUnreadOf(db: Database, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, unread: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, row.unread]));
}

/** Marks one of the person's notifications read; false when they have no such notification. */
export async function markNotificationRead(db: Database, userId: string, notificationId: string, at: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

export async function markAllNotificationsRead(db: Database, userId: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/**
 * What decides each recipient's mail and push: their address and name, their settings (spec §3)
 * and, for a team's notification, their switches for that team (no row: both on); and what their
 * open tabs are told: their unread count, and the actor's name and photo (the same on every row;
 * null without an actor). One round trip for all of it (decision 072).
 */
export async function listRecipients(
  db: Database,
  userIds: readonly string[],
  { teamId, actorId }: { teamId: string | null; actorId: string | null },
) {
  if (userIds.length === 0) return [];
  const actor = alias(users, 'actor');
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      settings: users.notificationSettings,
      teamEmail: teamNotificationTopics.email,
      teamPush: teamNotificationTopics.push,
      unread:
        sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${users.id} and ${notifications.readAt} is null)`.mapWith(
          Number,
        ),
      actorName: actor.name,
      actorImage: actor.image,
    })
    .from(users)
    .leftJoin(
      teamNotificationTopics,
      and(eq(teamNotificationTopics.userId, users.id), teamId ? eq(teamNotificationTopics.teamId, teamId) : sql`false`),
    )
    .leftJoin(actor, actorId ? eq(actor.id, actorId) : sql`false`)
    .where(inArray(users.id, [...userIds]));
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A browser's subscription belongs to whoever saved it last (one browser, one person signed in). */
export async function upsertPushSubscription(
  db: Database,
  subscription: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(subscription)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: subscription.userId, p256dh: subscription.p256dh, auth: subscription.auth },
    });
}

export async function deletePushSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function deletePushSubscriptionById(db: Database, subscriptionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

export async function listPushSubscriptionIdsOf(db: Database, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
}

export async function findPushSubscription(db: Database, subscriptionId: string) {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)).limit(1);
  return row;
}
