import { and, asc, count, eq, gte, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { teamMembers } from '../teams/teams.schema.ts';
import {
  eventAttendance,
  eventMessages,
  eventOccurrenceCancellations,
  eventParties,
  events,
  partyOccurrenceEnd,
} from './events.schema.ts';

// ---- Cancelled dates -----------------------------------------------------------------------

/** True when this call cancelled the date; false when it was cancelled already. */
export async function insertOccurrenceCancellation(
  tx: Database,
  eventId: string,
  occurrenceStartsAt: Date,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(eventOccurrenceCancellations)
    .values({ eventId, occurrenceStartsAt, cancelledAt: now })
    .onConflictDoNothing()
    .returning({ eventId: eventOccurrenceCancellations.eventId });
  return rows.length > 0;
}

export async function isOccurrenceCancelled(db: Database, eventId: string, occurrenceStartsAt: Date) {
  const [row] = await db
    .select({ eventId: eventOccurrenceCancellations.eventId })
    .from(eventOccurrenceCancellations)
    .where(
      and(
        eq(eventOccurrenceCancellations.eventId, eventId),
        eq(eventOccurrenceCancellations.occurrenceStartsAt, occurrenceStartsAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The dates called off on their own, per event. */
export async function listCancelledOccurrences(db: Database, eventIds: string[]): Promise<Map<string, Date[]>> {
  const byEvent = new Map<string, Date[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select()
    .from(eventOccurrenceCancellations)
    .where(inArray(eventOccurrenceCancellations.eventId, eventIds))
    .orderBy(asc(eventOccurrenceCancellations.occurrenceStartsAt));
  for (const row of rows) {
    byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row.occurrenceStartsAt]);
  }
  return byEvent;
}

// ---- People an organizer plays with --------------------------------------------------------

/**
 * The people who share a team with the organizer, or a game (either one's party on the other's
 * event): the only people findable by name, so the search cannot list strangers (issue 11).
 */
function connectedTo(actorId: string) {
  return or(
    sql`${users.id} in (
      select mine_and_theirs.user_id from ${teamMembers} mine_and_theirs
      join ${teamMembers} mine on mine.team_id = mine_and_theirs.team_id and mine.user_id = ${actorId})`,
    sql`${users.id} in (
      select p.user_id from ${eventParties} p join ${events} e on e.id = p.event_id
      where e.creator_id = ${actorId} and p.user_id is not null)`,
    sql`${users.id} in (
      select e.creator_id from ${events} e join ${eventParties} p on p.event_id = e.id
      where p.user_id = ${actorId})`,
  );
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export async function searchConnections(db: Database, actorId: string, name: string, limit: number) {
  return db
    .select({ id: users.id, name: users.name, image: users.image })
    .from(users)
    .where(and(ne(users.id, actorId), ilike(users.name, `%${escapeLike(name)}%`), connectedTo(actorId)))
    .orderBy(asc(users.name))
    .limit(limit);
}

export async function isConnection(db: Database, actorId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.id, actorId), connectedTo(actorId)))
    .limit(1);
  return row !== undefined;
}

// ---- Attendance ----------------------------------------------------------------------------

export async function upsertAttendance(
  tx: Database,
  row: { eventId: string; occurrenceStartsAt: Date; userId: string; status: string; markedBy: string; now: Date },
): Promise<void> {
  const { now, ...values } = row;
  await tx
    .insert(eventAttendance)
    .values({ ...values, markedAt: now })
    .onConflictDoUpdate({
      target: [eventAttendance.eventId, eventAttendance.occurrenceStartsAt, eventAttendance.userId],
      set: { status: values.status, markedBy: values.markedBy, markedAt: now },
    });
}

export async function listAttendance(db: Database, eventId: string, occurrenceStartsAt: Date) {
  return db
    .select({ userId: eventAttendance.userId, status: eventAttendance.status })
    .from(eventAttendance)
    .where(and(eq(eventAttendance.eventId, eventId), eq(eventAttendance.occurrenceStartsAt, occurrenceStartsAt)))
    .orderBy(asc(eventAttendance.markedAt));
}

/** A party's own attendance mark, if the organizer made one. */
const attendanceOfParty = and(
  eq(eventAttendance.eventId, eventParties.eventId),
  eq(eventAttendance.occurrenceStartsAt, eventParties.occurrenceStartsAt),
  eq(eventAttendance.userId, eventParties.userId),
);

const dateNotCalledOff = sql`not exists (select 1 from ${eventOccurrenceCancellations} as cancelled
  where cancelled.event_id = ${eventParties.eventId}
    and cancelled.occurrence_starts_at = ${eventParties.occurrenceStartsAt})`;

/**
 * Games played (issue 11, decisions 018 and 019): the dates a player held a spot on, of events not
 * cancelled and dates not called off, once the date is over or the organizer marked them present;
 * a date marked no-show never counts. Each date of a series counts once. The count and the
 * milestones below read this one rule.
 */
function playedBy(userId: string, now: Date) {
  return and(
    eq(eventParties.userId, userId),
    eq(eventParties.status, 'joined'),
    isNull(events.cancelledAt),
    dateNotCalledOff,
    sql`(${eventAttendance.status} = 'present' or (${eventAttendance.status} is null and
      ${partyOccurrenceEnd} <= ${now.toISOString()}::timestamptz))`,
  );
}

/** When a played date started to count: its end, or the moment it was marked present if sooner. */
const playedAt = sql<Date>`case when ${eventAttendance.status} = 'present'
  then least(${partyOccurrenceEnd}, ${eventAttendance.markedAt}) else ${partyOccurrenceEnd} end`.mapWith(
  eventParties.occurrenceStartsAt,
);

export async function countGamesPlayedRows(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ games: count() })
    .from(eventParties)
    .innerJoin(events, eq(events.id, eventParties.eventId))
    .leftJoin(eventAttendance, attendanceOfParty)
    .where(playedBy(userId, now));
  return row?.games ?? 0;
}

/** How many there are, and when the first `limit` of them happened, oldest first. */
export interface Milestones {
  total: number;
  times: Date[];
}

const totalOver = sql<number>`count(*) over ()`.mapWith(Number);

function toMilestones(rows: { at: Date; total: number }[]): Milestones {
  return { total: rows[0]?.total ?? 0, times: rows.map((row) => row.at) };
}

/** The player's games played (the rule above) and the moments the first `limit` began to count. */
export async function listGamesPlayedTimes(db: Database, userId: string, now: Date, limit: number) {
  const rows = await db
    .select({ at: playedAt, total: totalOver })
    .from(eventParties)
    .innerJoin(events, eq(events.id, eventParties.eventId))
    .leftJoin(eventAttendance, attendanceOfParty)
    .where(playedBy(userId, now))
    .orderBy(asc(playedAt))
    .limit(limit);
  return toMilestones(rows);
}

/**
 * Games organized (decision 064): dates of the organizer's events, not cancelled and not called
 * off, that are over and had a player other than the organizer (a person or a guest) in a spot:
 * a date nobody came to was not a game. Each date counts once, at its end.
 */
export async function listGamesOrganizedTimes(db: Database, organizerId: string, now: Date, limit: number) {
  const dates = db
    .selectDistinct({
      eventId: eventParties.eventId,
      occurrenceStartsAt: eventParties.occurrenceStartsAt,
      endsAt: sql<Date>`${partyOccurrenceEnd}`.as('ends_at'),
    })
    .from(eventParties)
    .innerJoin(events, eq(events.id, eventParties.eventId))
    .where(
      and(
        eq(events.creatorId, organizerId),
        isNull(events.cancelledAt),
        eq(eventParties.status, 'joined'),
        sql`${eventParties.userId} is distinct from ${organizerId}`,
        dateNotCalledOff,
        sql`${partyOccurrenceEnd} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .as('organized_dates');
  const rows = await db
    .select({ at: sql<Date>`${dates.endsAt}`.mapWith(eventParties.occurrenceStartsAt), total: totalOver })
    .from(dates)
    .orderBy(asc(dates.endsAt))
    .limit(limit);
  return toMilestones(rows);
}

// ---- Messages ------------------------------------------------------------------------------

/** The times of the event's messages since `since`, oldest first (the rate limit's window). */
export async function listMessageTimesSince(tx: Database, eventId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ sentAt: eventMessages.sentAt })
    .from(eventMessages)
    .where(and(eq(eventMessages.eventId, eventId), gte(eventMessages.sentAt, since)))
    .orderBy(asc(eventMessages.sentAt));
  return rows.map((row) => row.sentAt);
}

export async function insertMessage(tx: Database, message: typeof eventMessages.$inferInsert): Promise<void> {
  await tx.insert(eventMessages).values(message);
}
