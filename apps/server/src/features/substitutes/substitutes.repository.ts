import type { AvailabilityBody } from '@huddle/shared/availability';
import type { SubstituteAnswer, SubstituteSettings } from '@huddle/shared/substitutes';
import { and, asc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { availabilities } from '../availability/availability.schema.ts';
import { eventOccurrenceCancellations, eventParties, events } from '../events/events.schema.ts';
import { userBlocks } from '../profiles/profiles.schema.ts';
import { teamMembers } from '../teams/teams.schema.ts';
import { substituteInvitations } from './substitutes.schema.ts';

export type ScanEventRow = typeof events.$inferSelect;
export type InvitationRow = typeof substituteInvitations.$inferSelect;

export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx));
}

/**
 * Events that asked for substitutes and may have a date inside its window: not cancelled, not
 * over, and first starting before the widest window ends (a series started long ago counts).
 */
export async function listEventsWithSubstitutes(
  db: Database,
  { now, until, eventId }: { now: Date; until: Date; eventId?: string },
) {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.substitutesEnabled, true),
        isNull(events.cancelledAt),
        gt(events.seriesEndsAt, now),
        lte(events.startsAt, until),
        eventId ? eq(events.id, eventId) : undefined,
      ),
    );
}

export async function listCancelledDates(db: Database, eventId: string): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: eventOccurrenceCancellations.occurrenceStartsAt })
    .from(eventOccurrenceCancellations)
    .where(eq(eventOccurrenceCancellations.eventId, eventId));
  return rows.map((row) => row.startsAt);
}

/**
 * Two scans (two instances, or a slow one overlapping the next) must not both count the same
 * open spots: each takes this lock for the date before counting and inviting. A lock of its own,
 * not the event row's, so joins never wait on a scan.
 */
export async function lockOccurrenceForScan(tx: Database, eventId: string, startsAt: Date): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`substitutes:${eventId}:${startsAt.toISOString()}`}, 0))`,
  );
}

/** People holding spots on the date: joined, and offered until the offer lapses (as the waitlist counts). */
export async function countHeldSpots(db: Database, eventId: string, startsAt: Date): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`coalesce(sum(${eventParties.partySize}), 0)`.mapWith(Number) })
    .from(eventParties)
    .where(
      and(
        eq(eventParties.eventId, eventId),
        eq(eventParties.occurrenceStartsAt, startsAt),
        inArray(eventParties.status, ['joined', 'offered']),
      ),
    );
  return row?.held ?? 0;
}

/** Invitations to the date still waiting for an answer, sent since `since`. */
export async function countPendingInvitations(db: Database, eventId: string, startsAt: Date, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(substituteInvitations)
    .where(
      and(
        eq(substituteInvitations.eventId, eventId),
        eq(substituteInvitations.occurrenceStartsAt, startsAt),
        isNull(substituteInvitations.answer),
        gte(substituteInvitations.invitedAt, since),
      ),
    );
  return row?.count ?? 0;
}

export interface Candidate {
  userId: string;
  distanceKm: number;
  availability: AvailabilityBody | null;
}

/**
 * The people who may be asked, nearest first (decision 028): they chose "Play as a substitute",
 * play the game's type, live within the radius of the place (earthdistance on their city, the
 * users_earth_idx the nearby-players list uses), and are not the organizer, not already on the
 * date (joined, offered or waiting), not blocked either way with the organizer, and not invited
 * to this date before. A team-only game asks only the team's members (nobody else may see it).
 * Availability is read here and checked by the matcher, which knows wall clocks and time zones.
 */
export async function listCandidates(
  db: Database,
  { event, startsAt, radiusKm, limit }: { event: ScanEventRow; startsAt: Date; radiusKm: number; limit: number },
): Promise<Candidate[]> {
  const here = sql`ll_to_earth(${event.lat}, ${event.lng})`;
  const home = sql`ll_to_earth(${users.defaultCityLat}, ${users.defaultCityLng})`;
  const rows = await db
    .select({
      userId: users.id,
      distanceKm: sql<number>`earth_distance(${home}, ${here}) / 1000`.mapWith(Number),
      weekly: availabilities.weekly,
      dates: availabilities.dates,
    })
    .from(users)
    .leftJoin(availabilities, eq(availabilities.userId, users.id))
    .where(
      and(
        eq(users.joinReason, 'Substitute'),
        sql`${event.gameType} = any(${users.games})`,
        sql`${users.defaultCityLat} is not null and ${users.defaultCityLng} is not null`,
        // The box first (the GiST index), then the exact circle.
        sql`earth_box(${here}, ${radiusKm * 1000}) @> ${home}`,
        sql`earth_distance(${home}, ${here}) <= ${radiusKm * 1000}`,
        sql`${users.id} <> ${event.creatorId}`,
        sql`not exists (select 1 from ${eventParties} where ${eventParties.eventId} = ${event.id}
              and ${eventParties.occurrenceStartsAt} = ${startsAt} and ${eventParties.userId} = ${users.id})`,
        sql`not exists (select 1 from ${userBlocks} where
              (${userBlocks.blockerId} = ${event.creatorId} and ${userBlocks.blockedId} = ${users.id})
              or (${userBlocks.blockerId} = ${users.id} and ${userBlocks.blockedId} = ${event.creatorId}))`,
        sql`not exists (select 1 from ${substituteInvitations} where ${substituteInvitations.eventId} = ${event.id}
              and ${substituteInvitations.occurrenceStartsAt} = ${startsAt} and ${substituteInvitations.userId} = ${users.id})`,
        event.visibility === 'team' && event.teamId
          ? sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${event.teamId}
                  and ${teamMembers.userId} = ${users.id})`
          : undefined,
      ),
    )
    .orderBy(sql`${home} <-> ${here}`, asc(users.id))
    .limit(limit);
  return rows.map((row) => ({
    userId: row.userId,
    distanceKm: row.distanceKm,
    availability: row.weekly && row.dates ? { weekly: row.weekly, dates: row.dates } : null,
  }));
}

/** Inserts the invitations; a person invited meanwhile is skipped. Returns the rows that went in. */
export async function insertInvitations(
  db: Database,
  rows: { eventId: string; occurrenceStartsAt: Date; userId: string; distanceKm: number; invitedAt: Date }[],
): Promise<InvitationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(substituteInvitations).values(rows).onConflictDoNothing().returning();
}

/** The date's invitations, nearest first, with the person and their party on the date, if any. */
export async function listInvitations(db: Database, eventId: string, startsAt: Date) {
  return db
    .select({
      invitation: substituteInvitations,
      name: users.name,
      image: users.image,
      partyStatus: eventParties.status,
      partyCreatedAt: eventParties.createdAt,
    })
    .from(substituteInvitations)
    .innerJoin(users, eq(users.id, substituteInvitations.userId))
    .leftJoin(
      eventParties,
      and(
        eq(eventParties.eventId, substituteInvitations.eventId),
        eq(eventParties.occurrenceStartsAt, substituteInvitations.occurrenceStartsAt),
        eq(eventParties.userId, substituteInvitations.userId),
      ),
    )
    .where(and(eq(substituteInvitations.eventId, eventId), eq(substituteInvitations.occurrenceStartsAt, startsAt)))
    .orderBy(asc(substituteInvitations.distanceKm), asc(substituteInvitations.invitedAt));
}

export async function findInvitation(db: Database, eventId: string, startsAt: Date, userId: string) {
  const [row] = await db
    .select()
    .from(substituteInvitations)
    .where(
      and(
        eq(substituteInvitations.eventId, eventId),
        eq(substituteInvitations.occurrenceStartsAt, startsAt),
        eq(substituteInvitations.userId, userId),
      ),
    );
  return row;
}

export async function recordAnswer(db: Database, id: string, answer: SubstituteAnswer, at: Date) {
  const [row] = await db
    .update(substituteInvitations)
    .set({ answer, answeredAt: at })
    .where(eq(substituteInvitations.id, id))
    .returning();
  return row;
}

export async function updateSubstituteSettings(db: Database, eventId: string, settings: SubstituteSettings, at: Date) {
  await db
    .update(events)
    .set({
      substitutesEnabled: settings.enabled,
      substituteHoursBefore: settings.hoursBefore,
      substituteRadius: settings.radius,
      substituteRadiusUnit: settings.radiusUnit,
      updatedAt: at,
    })
    .where(eq(events.id, eventId));
}
