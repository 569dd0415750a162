import { availabilityNudgeKey } from '@huddle/shared/find-a-time';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { availabilities } from '../availability/availability.schema.ts';
import { eventOccurrenceCancellations, eventParties, events, partyOccurrenceEnd } from '../events/events.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { places } from '../places/places.schema.ts';
import { teamMembers } from '../teams/teams.schema.ts';

/*
 * One read per kind of data, whatever the team's size (decision 079): the members with their
 * availability, then the games they joined in the window. No per-member query.
 */

/** Every member, by name, with their availability (null: never given) and whether they were nudged. */
export async function listMembersWithAvailability(db: Database, teamId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      weekly: availabilities.weekly,
      dates: availabilities.dates,
      timeZone: availabilities.timeZone,
      nudged: sql<boolean>`exists (select 1 from ${notifications}
        where ${notifications.userId} = ${teamMembers.userId} and ${notifications.dedupeKey} = ${availabilityNudgeKey})`,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(availabilities, eq(availabilities.userId, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/**
 * The dates of games the team's members joined that overlap [from, to): any game on Huddle,
 * the team's or not, unless it or that date was called off.
 */
export async function listMembersJoinedGames(db: Database, teamId: string, from: Date, to: Date) {
  return db
    .select({
      userId: sql<string>`${eventParties.userId}`,
      startsAt: eventParties.occurrenceStartsAt,
      endsAt: sql<Date>`(${partyOccurrenceEnd})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(eventParties)
    .innerJoin(teamMembers, and(eq(teamMembers.userId, eventParties.userId), eq(teamMembers.teamId, teamId)))
    .innerJoin(events, eq(events.id, eventParties.eventId))
    .where(
      and(
        eq(eventParties.status, 'joined'),
        isNull(events.cancelledAt),
        sql`${eventParties.occurrenceStartsAt} < ${to.toISOString()}::timestamptz`,
        sql`${partyOccurrenceEnd} > ${from.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${eventOccurrenceCancellations} as cancelled
          where cancelled.event_id = ${eventParties.eventId}
            and cancelled.occurrence_starts_at = ${eventParties.occurrenceStartsAt})`,
      ),
    );
}

export async function findPlaceSummary(db: Database, placeId: string) {
  const [row] = await db
    .select({ id: places.id, name: places.name, address: places.address })
    .from(places)
    .where(eq(places.id, placeId));
  return row ?? null;
}
