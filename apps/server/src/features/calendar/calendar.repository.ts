import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { eventParties, events } from '../events/events.schema.ts';
import { places } from '../places/places.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { calendarFeeds } from './calendar.schema.ts';

/**
 * Feeds are this feature's own table. Events, parties and memberships belong to the events
 * and teams features; they are only read here, to write calendar files.
 */

export type FeedRow = typeof calendarFeeds.$inferSelect;

export async function insertFeed(
  db: Database,
  feed: { userId: string; teamId: string | null; token: string },
): Promise<FeedRow> {
  const [row] = await db.insert(calendarFeeds).values(feed).returning();
  if (!row) throw new Error('feed insert returned nothing');
  return row;
}

/** The user's feeds that still work, newest first, with the team's name. */
export async function listLiveFeeds(db: Database, userId: string) {
  return db
    .select({ feed: calendarFeeds, teamName: teams.name })
    .from(calendarFeeds)
    .leftJoin(teams, eq(teams.id, calendarFeeds.teamId))
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.createdAt));
}

/** Revokes the feed if it is the user's and still live; false otherwise. */
export async function revokeFeedRow(
  db: Database,
  { feedId, userId, now }: { feedId: string; userId: string; now: Date },
): Promise<boolean> {
  const revoked = await db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  return revoked.length === 1;
}

export async function findLiveFeedByToken(db: Database, token: string) {
  const [row] = await db
    .select({ feed: calendarFeeds, teamName: teams.name })
    .from(calendarFeeds)
    .leftJoin(teams, eq(teams.id, calendarFeeds.teamId))
    .where(and(eq(calendarFeeds.token, token), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return row;
}

export async function isTeamMember(db: Database, teamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

const eventColumns = {
  event: events,
  place: { name: places.name, address: places.address, lat: places.lat, lng: places.lng },
};
export interface CalendarEventRow {
  event: typeof events.$inferSelect;
  place: { name: string; address: string; lat: number; lng: number };
}

export async function findCalendarEvent(db: Database, eventId: string): Promise<CalendarEventRow | undefined> {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}

/** Events the user created whose series ended after `since`, cancelled ones included. */
export async function listCreatedEvents(db: Database, userId: string, since: Date): Promise<CalendarEventRow[]> {
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .where(and(eq(events.creatorId, userId), gt(events.seriesEndsAt, since)))
    .orderBy(asc(events.startsAt));
}

/** The user's parties (one per occurrence) on events whose series ended after `since`. */
export async function listPartiesOfUser(db: Database, userId: string, since: Date) {
  return db
    .select({
      ...eventColumns,
      occurrenceStartsAt: eventParties.occurrenceStartsAt,
      status: eventParties.status,
    })
    .from(eventParties)
    .innerJoin(events, eq(events.id, eventParties.eventId))
    .innerJoin(places, eq(places.id, events.placeId))
    .where(and(eq(eventParties.userId, userId), gt(events.seriesEndsAt, since)))
    .orderBy(asc(eventParties.occurrenceStartsAt));
}

/** A team's events whose series ended after `since`; team-only ones when asked for. */
export async function listTeamEvents(
  db: Database,
  { teamId, includeTeamOnly, since }: { teamId: string; includeTeamOnly: boolean; since: Date },
): Promise<CalendarEventRow[]> {
  const visibilities = includeTeamOnly ? ['public', 'team'] : ['public'];
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .where(and(eq(events.teamId, teamId), inArray(events.visibility, visibilities), gt(events.seriesEndsAt, since)))
    .orderBy(asc(events.startsAt));
}
