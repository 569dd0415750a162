import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { unregisteredUsers, users } from '../accounts/accounts.schema.ts';
import { eventParties } from '../events/events.schema.ts';
import { eventTeamSheets, organizerRatings } from './fair-teams.schema.ts';

export type TeamSheetRow = typeof eventTeamSheets.$inferSelect;
type SheetValues = Omit<typeof eventTeamSheets.$inferInsert, 'eventId' | 'occurrenceStartsAt' | 'version'>;

export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx));
}

/** A party holding spots on the date, with what the split needs of its person. */
export interface DatePartyRow {
  partyId: string;
  userId: string | null;
  partySize: number;
  checkedIn: boolean;
  userName: string | null;
  userImage: string | null;
  guestName: string | null;
  selfRatedLevel: number | null;
}

/** The parties with a spot on the date (joined), in the order they joined. */
export async function listDateParties(db: Database, eventId: string, startsAt: Date): Promise<DatePartyRow[]> {
  return db
    .select({
      partyId: eventParties.id,
      userId: eventParties.userId,
      partySize: eventParties.partySize,
      checkedIn: sql<boolean>`${eventParties.checkedInAt} is not null`,
      userName: users.name,
      userImage: users.image,
      guestName: unregisteredUsers.name,
      selfRatedLevel: users.selfRatedLevel,
    })
    .from(eventParties)
    .leftJoin(users, eq(users.id, eventParties.userId))
    .leftJoin(unregisteredUsers, eq(unregisteredUsers.id, eventParties.guestId))
    .where(
      and(
        eq(eventParties.eventId, eventId),
        eq(eventParties.occurrenceStartsAt, startsAt),
        eq(eventParties.status, 'joined'),
      ),
    )
    .orderBy(asc(eventParties.createdAt), asc(eventParties.id));
}

export async function findSheet(db: Database, eventId: string, startsAt: Date): Promise<TeamSheetRow | undefined> {
  const [row] = await db
    .select()
    .from(eventTeamSheets)
    .where(and(eq(eventTeamSheets.eventId, eventId), eq(eventTeamSheets.occurrenceStartsAt, startsAt)))
    .limit(1);
  return row;
}

/** The date's first sheet; undefined when someone made one meanwhile (the primary key). */
export async function insertSheet(
  db: Database,
  eventId: string,
  startsAt: Date,
  values: SheetValues,
): Promise<TeamSheetRow | undefined> {
  const [row] = await db
    .insert(eventTeamSheets)
    .values({ ...values, eventId, occurrenceStartsAt: startsAt, version: 1 })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Writes the sheet only if it is still at `version`, and moves it one on; undefined when it is
 * not (someone else wrote first). One statement: two writers at once cannot both pass the check.
 */
export async function updateSheetAt(
  db: Database,
  eventId: string,
  startsAt: Date,
  version: number,
  values: Partial<SheetValues>,
): Promise<TeamSheetRow | undefined> {
  const [row] = await db
    .update(eventTeamSheets)
    .set({ ...values, version: sql`${eventTeamSheets.version} + 1` })
    .where(
      and(
        eq(eventTeamSheets.eventId, eventId),
        eq(eventTeamSheets.occurrenceStartsAt, startsAt),
        eq(eventTeamSheets.version, version),
      ),
    )
    .returning();
  return row;
}

/** The rater's own ratings of these players for the game type; nobody else's. */
export async function listRatingsBy(
  db: Database,
  raterId: string,
  gameType: string,
  playerIds: readonly string[],
): Promise<Map<string, number>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ playerId: organizerRatings.playerId, rating: organizerRatings.rating })
    .from(organizerRatings)
    .where(
      and(
        eq(organizerRatings.raterId, raterId),
        eq(organizerRatings.gameType, gameType),
        inArray(organizerRatings.playerId, [...playerIds]),
      ),
    );
  return new Map(rows.map((row) => [row.playerId, row.rating]));
}

export async function upsertRating(
  db: Database,
  values: { raterId: string; playerId: string; gameType: string; rating: number; updatedAt: Date },
): Promise<void> {
  await db
    .insert(organizerRatings)
    .values(values)
    .onConflictDoUpdate({
      target: [organizerRatings.raterId, organizerRatings.gameType, organizerRatings.playerId],
      set: { rating: values.rating, updatedAt: values.updatedAt },
    });
}

export async function deleteRating(
  db: Database,
  { raterId, playerId, gameType }: { raterId: string; playerId: string; gameType: string },
): Promise<void> {
  await db
    .delete(organizerRatings)
    .where(
      and(
        eq(organizerRatings.raterId, raterId),
        eq(organizerRatings.playerId, playerId),
        eq(organizerRatings.gameType, gameType),
      ),
    );
}
