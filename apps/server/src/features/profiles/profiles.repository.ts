import type { DistanceUnit } from '@huddle/shared/distance';
import type { NotificationSettings, PrivacySettings } from '@huddle/shared/users';
import { and, asc, eq, ilike, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { eventOccurrenceCancellations, eventParties, events, partyOccurrenceEnd } from '../events/events.schema.ts';
import { places } from '../places/places.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { feedback, userBlocks } from './profiles.schema.ts';

export type ProfileColumns = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'name'
    | 'fullName'
    | 'defaultCityName'
    | 'defaultCityLat'
    | 'defaultCityLng'
    | 'defaultCityGeohash'
    | 'games'
    | 'pronouns'
    | 'gender'
    | 'bio'
    | 'joinReason'
    | 'selfRatedLevel'
    | 'hasAdditionalInfo'
    | 'feedbackSubmitted'
    | 'image'
  >
>;

export async function updateUserColumns(db: Database, userId: string, columns: ProfileColumns): Promise<void> {
  await db
    .update(users)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function updateNotificationSettings(db: Database, userId: string, settings: NotificationSettings) {
  const now = new Date();
  await db
    .update(users)
    .set({ notificationSettings: settings, notificationSettingsSavedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function updatePrivacy(db: Database, userId: string, privacy: PrivacySettings) {
  await db
    .update(users)
    .set({ ...privacy, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function updateDistanceUnit(db: Database, userId: string, distanceUnit: DistanceUnit) {
  await db.update(users).set({ distanceUnit, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function updateUsageAnalytics(db: Database, userId: string, usageAnalytics: boolean) {
  await db.update(users).set({ usageAnalytics, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function listBlocked(db: Database, blockerId: string) {
  return db
    .select({ id: users.id, name: users.name, image: users.image })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(asc(users.name));
}

export async function insertBlock(db: Database, blockerId: string, blockedId: string) {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Database, blockerId: string, blockedId: string) {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** Who blocked whom between two people: either direction counts. */
export async function findBlocksBetween(db: Database, a: string, b: string) {
  return db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    );
}

/** The feedback row and the flag on the user in one transaction. */
export async function insertFeedback(db: Database, userId: string, message: string, rating: number | null) {
  await db.transaction(async (tx) => {
    await tx.insert(feedback).values({ userId, message, rating });
    await tx.update(users).set({ feedbackSubmitted: true, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

export async function listBlockerIds(db: Database, blockedId: string): Promise<string[]> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(eq(userBlocks.blockedId, blockedId));
  return rows.map((row) => row.blockerId);
}

/** Players by display or full name, leaving out the given ids (the viewer, blocks either way). */
export async function searchUsers(
  db: Database,
  { search, excludeIds, limit }: { search: string | undefined; excludeIds: string[]; limit: number },
) {
  const conditions = [];
  if (excludeIds.length > 0) conditions.push(notInArray(users.id, excludeIds));
  if (search) {
    const pattern = `%${search.replace(/[%_\\]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.fullName, pattern)));
  }
  return db
    .select({ id: users.id, name: users.name, image: users.image, city: users.defaultCityName, games: users.games })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.name))
    .limit(limit);
}

export async function listBlockedIds(db: Database, blockerId: string): Promise<string[]> {
  const rows = await db
    .select({ blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, blockerId));
  return rows.map((row) => row.blockedId);
}

/** Whether the viewer is a member of the team in hand (never, signed out). */
const viewerIsMemberOf = (teamId: typeof teams.id | typeof events.teamId, viewerId: string | undefined) =>
  viewerId
    ? sql`exists (select 1 from ${teamMembers} as viewer_membership
        where viewer_membership.team_id = ${teamId} and viewer_membership.user_id = ${viewerId})`
    : sql`false`;

/**
 * A player's joined occurrences not over at `now`, soonest first, of events not cancelled that
 * the viewer may see: public ones, and team-only ones of a team the viewer belongs to.
 */
export async function listUpcomingGamesOf(
  db: Database,
  { userId, viewerId, now, limit }: { userId: string; viewerId: string | undefined; now: Date; limit: number },
) {
  return db
    .select({
      eventId: events.id,
      title: events.title,
      gameType: events.gameType,
      startsAt: eventParties.occurrenceStartsAt,
      timeZone: events.timeZone,
      placeName: places.name,
    })
    .from(eventParties)
    .innerJoin(events, eq(events.id, eventParties.eventId))
    .innerJoin(places, eq(places.id, events.placeId))
    .where(
      and(
        eq(eventParties.userId, userId),
        eq(eventParties.status, 'joined'),
        isNull(events.cancelledAt),
        sql`${partyOccurrenceEnd} > ${now.toISOString()}::timestamptz`,
        // A date of a series called off on its own is not an upcoming game (issue 11, item 11).
        sql`not exists (select 1 from ${eventOccurrenceCancellations} as cancelled
          where cancelled.event_id = ${eventParties.eventId}
            and cancelled.occurrence_starts_at = ${eventParties.occurrenceStartsAt})`,
        or(eq(events.visibility, 'public'), viewerIsMemberOf(events.teamId, viewerId)),
      ),
    )
    .orderBy(asc(eventParties.occurrenceStartsAt), asc(events.id))
    .limit(limit);
}

/** The teams a player belongs to that the viewer may see: public ones, and those the viewer is in too. */
export async function listVisibleTeamsOf(
  db: Database,
  { userId, viewerId }: { userId: string; viewerId: string | undefined },
) {
  return db
    .select({ id: teams.id, name: teams.name, kind: teams.kind, gameType: teams.gameType, photoUrl: teams.photoUrl })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(eq(teamMembers.userId, userId), or(eq(teams.visibility, 'public'), viewerIsMemberOf(teams.id, viewerId))),
    )
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
}
