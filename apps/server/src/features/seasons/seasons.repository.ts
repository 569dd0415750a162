import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { registrations, seasonGroups, seasonSessions, seasons } from './seasons.schema.ts';

export type SeasonRow = typeof seasons.$inferSelect;
export type NewSeason = Omit<typeof seasons.$inferInsert, 'id' | 'createdAt'>;
export type RegistrationRow = typeof registrations.$inferSelect;

export async function insertSeason(db: Database, season: NewSeason): Promise<SeasonRow> {
  const [row] = await db.insert(seasons).values(season).returning();
  if (!row) throw new Error('season insert returned nothing');
  return row;
}

export async function findSeason(db: Database, seasonId: string): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(seasons).where(eq(seasons.id, seasonId)).limit(1);
  return row;
}

export async function listSeasonRows(db: Database, teamId: string): Promise<SeasonRow[]> {
  return db.select().from(seasons).where(eq(seasons.teamId, teamId)).orderBy(asc(seasons.startsOn));
}

/**
 * Changes a season, but never its capacity below the registrations it has: the count and the
 * change hold the same season row lock as insertRegistrationWithinCapacity, so a registration
 * cannot slip in between them (issue 10).
 */
export async function updateSeasonWithinCapacity(
  db: Database,
  seasonId: string,
  season: Partial<NewSeason>,
): Promise<{ kind: 'updated' } | { kind: 'belowRegistered'; registered: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, seasonId)).for('update');
    if (season.capacity !== null && season.capacity !== undefined) {
      const [taken] = await tx
        .select({ total: count() })
        .from(registrations)
        .where(eq(registrations.seasonId, seasonId));
      const registered = taken?.total ?? 0;
      if (registered > season.capacity) return { kind: 'belowRegistered', registered };
    }
    await tx.update(seasons).set(season).where(eq(seasons.id, seasonId));
    return { kind: 'updated' };
  });
}

export async function deleteSeasonRow(db: Database, seasonId: string): Promise<void> {
  await db.delete(seasons).where(eq(seasons.id, seasonId));
}

export async function listGroups(db: Database, seasonIds: string[]) {
  if (seasonIds.length === 0) return [];
  return db
    .select({ id: seasonGroups.id, seasonId: seasonGroups.seasonId, name: seasonGroups.name })
    .from(seasonGroups)
    .where(inArray(seasonGroups.seasonId, seasonIds))
    .orderBy(asc(seasonGroups.createdAt));
}

export async function countRegistrations(db: Database, seasonIds: string[]): Promise<Map<string, number>> {
  if (seasonIds.length === 0) return new Map();
  const rows = await db
    .select({ seasonId: registrations.seasonId, total: count() })
    .from(registrations)
    .where(inArray(registrations.seasonId, seasonIds))
    .groupBy(registrations.seasonId);
  return new Map(rows.map((row) => [row.seasonId, row.total]));
}

export async function insertGroup(db: Database, seasonId: string, name: string): Promise<void> {
  await db.insert(seasonGroups).values({ seasonId, name });
}

export async function deleteGroupRow(db: Database, seasonId: string, groupId: string): Promise<boolean> {
  const deleted = await db
    .delete(seasonGroups)
    .where(and(eq(seasonGroups.id, groupId), eq(seasonGroups.seasonId, seasonId)))
    .returning({ id: seasonGroups.id });
  return deleted.length === 1;
}

export async function groupBelongsToSeason(db: Database, seasonId: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: seasonGroups.id })
    .from(seasonGroups)
    .where(and(eq(seasonGroups.id, groupId), eq(seasonGroups.seasonId, seasonId)))
    .limit(1);
  return row !== undefined;
}

export async function insertSessions(
  db: Database,
  rows: { seasonId: string; title: string | null; startsAt: Date; endsAt: Date }[],
) {
  return db.insert(seasonSessions).values(rows).returning();
}

export async function listSessionRows(db: Database, seasonId: string) {
  return db
    .select()
    .from(seasonSessions)
    .where(eq(seasonSessions.seasonId, seasonId))
    .orderBy(asc(seasonSessions.startsAt));
}

export type RegistrationOutcome =
  { kind: 'created'; row: RegistrationRow } | { kind: 'full' } | { kind: 'duplicate'; full: boolean };

const registrationCount = async (db: Database, seasonId: string) => {
  const [taken] = await db.select({ total: count() }).from(registrations).where(eq(registrations.seasonId, seasonId));
  return taken?.total ?? 0;
};

/**
 * Capacity holds under concurrent registrations: the season row is locked for the
 * count-and-insert, so two people cannot both take the last place. A duplicate also says whether
 * the season is full, so a guest's answer can follow the capacity (public) and not the duplicate.
 */
export async function insertRegistrationWithinCapacity(
  db: Database,
  registration: Pick<RegistrationRow, 'seasonId' | 'teamId' | 'userId' | 'guestId' | 'name' | 'email'>,
  /** Runs in the same transaction once the registration is made (a paid season's payment row). */
  onCreated?: (tx: Database, row: RegistrationRow) => Promise<void>,
): Promise<RegistrationOutcome> {
  return db.transaction(async (tx) => {
    const [season] = await tx
      .select({ capacity: seasons.capacity })
      .from(seasons)
      .where(eq(seasons.id, registration.seasonId))
      .for('update');
    const [existing] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.seasonId, registration.seasonId), eq(registrations.email, registration.email)));
    const capacity = season?.capacity ?? null;
    const full = capacity !== null && (await registrationCount(tx, registration.seasonId)) >= capacity;
    if (existing) return { kind: 'duplicate', full };
    if (full) return { kind: 'full' };
    const [row] = await tx.insert(registrations).values(registration).returning();
    if (!row) throw new Error('registration insert returned nothing');
    await onCreated?.(tx, row);
    return { kind: 'created', row };
  });
}

/** Whether a season has no place left: what a registration would be told, without making one. */
export async function isSeasonFull(db: Database, seasonId: string): Promise<boolean> {
  const [season] = await db.select({ capacity: seasons.capacity }).from(seasons).where(eq(seasons.id, seasonId));
  if (season?.capacity === null || season?.capacity === undefined) return false;
  return (await registrationCount(db, seasonId)) >= season.capacity;
}

export async function listRegistrationRows(db: Database, seasonId: string): Promise<RegistrationRow[]> {
  return db
    .select()
    .from(registrations)
    .where(eq(registrations.seasonId, seasonId))
    .orderBy(asc(registrations.createdAt));
}

export async function findRegistration(db: Database, seasonId: string, registrationId: string) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, registrationId), eq(registrations.seasonId, seasonId)))
    .limit(1);
  return row;
}

export async function updateRegistrationRow(
  db: Database,
  registrationId: string,
  changes: Partial<Pick<RegistrationRow, 'status' | 'groupId'>>,
): Promise<RegistrationRow | undefined> {
  const [row] = await db.update(registrations).set(changes).where(eq(registrations.id, registrationId)).returning();
  return row;
}

/** False when it was gone already (a parallel withdrawal or removal deleted it first). */
export async function deleteRegistrationRow(db: Database, registrationId: string): Promise<boolean> {
  const deleted = await db
    .delete(registrations)
    .where(eq(registrations.id, registrationId))
    .returning({ id: registrations.id });
  return deleted.length === 1;
}

/**
 * Spec §4: registrations by email, resolved to team and season (inner joins skip orphans). With
 * onlyUserId, only that account's own (they carry its email too, so the email index serves both).
 */
export async function listRegistrationsByEmail(
  db: Database,
  { email, onlyUserId }: { email: string; onlyUserId: string | null },
) {
  return db
    .select({
      id: registrations.id,
      userId: registrations.userId,
      status: registrations.status,
      teamId: teams.id,
      teamName: teams.name,
      teamPhotoUrl: teams.photoUrl,
      seasonId: seasons.id,
      seasonLabel: seasons.label,
      startsOn: seasons.startsOn,
      endsOn: seasons.endsOn,
    })
    .from(registrations)
    .innerJoin(seasons, eq(seasons.id, registrations.seasonId))
    .innerJoin(teams, eq(teams.id, registrations.teamId))
    .where(and(eq(registrations.email, email), onlyUserId === null ? undefined : eq(registrations.userId, onlyUserId)))
    .orderBy(asc(seasons.startsOn));
}

/** The team's owner: who is paid for its seasons (decision 033). */
export async function findTeamOwnerId(db: Database, teamId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')));
  return row?.userId;
}

export async function findRegistrationOf(db: Database, seasonId: string, userId: string) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.seasonId, seasonId), eq(registrations.userId, userId)));
  return row;
}

/**
 * The seasons a player was approved into (drafts aside), with the last day and the team's zone
 * that say when each ended (decision 064: the seasons badge).
 */
export async function listApprovedSeasonEnds(db: Database, userId: string) {
  return db
    .select({ endsOn: seasons.endsOn, timeZone: teams.timeZone })
    .from(registrations)
    .innerJoin(seasons, eq(seasons.id, registrations.seasonId))
    .innerJoin(teams, eq(teams.id, seasons.teamId))
    .where(and(eq(registrations.userId, userId), eq(registrations.status, 'approved'), ne(seasons.status, 'draft')));
}
