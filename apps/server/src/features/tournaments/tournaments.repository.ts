import { and, asc, count, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { registrations } from '../seasons/seasons.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { tournamentEntrants, tournamentMatches, tournaments } from './tournaments.schema.ts';

export type TournamentRow = typeof tournaments.$inferSelect;
export type NewTournament = Omit<typeof tournaments.$inferInsert, 'id' | 'createdAt'>;
export type EntrantRow = typeof tournamentEntrants.$inferSelect;
export type NewEntrant = Omit<typeof tournamentEntrants.$inferInsert, 'id' | 'tournamentId'>;
export type MatchRow = typeof tournamentMatches.$inferSelect;
export type NewMatch = Omit<typeof tournamentMatches.$inferInsert, 'id' | 'tournamentId'>;

export async function insertTournament(db: Database, tournament: NewTournament): Promise<TournamentRow> {
  const [row] = await db.insert(tournaments).values(tournament).returning();
  if (!row) throw new Error('tournament insert returned nothing');
  return row;
}

export async function findTournament(db: Database, tournamentId: string): Promise<TournamentRow | undefined> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId)).limit(1);
  return row;
}

export async function deleteTournamentRow(db: Database, tournamentId: string): Promise<void> {
  await db.delete(tournaments).where(eq(tournaments.id, tournamentId));
}

export async function listTournamentRowsOfTeam(db: Database, teamId: string) {
  return db
    .select({ tournament: tournaments, teamName: teams.name })
    .from(tournaments)
    .innerJoin(teams, eq(teams.id, tournaments.teamId))
    .where(eq(tournaments.teamId, teamId))
    .orderBy(asc(tournaments.startsAt), asc(tournaments.id));
}

/** The tournaments of teams the user manages, and those where they captain a side. */
export async function listTournamentRowsOfUser(db: Database, userId: string, managerRoles: readonly string[]) {
  const managed = db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.role, [...managerRoles])));
  const captained = db
    .select({ id: tournamentEntrants.tournamentId })
    .from(tournamentEntrants)
    .where(eq(tournamentEntrants.captainId, userId));
  return db
    .select({ tournament: tournaments, teamName: teams.name })
    .from(tournaments)
    .innerJoin(teams, eq(teams.id, tournaments.teamId))
    .where(or(inArray(tournaments.teamId, managed), inArray(tournaments.id, captained)))
    .orderBy(asc(tournaments.startsAt), asc(tournaments.id))
    .limit(200);
}

export async function countEntrants(db: Database, tournamentIds: string[]): Promise<Map<string, number>> {
  if (tournamentIds.length === 0) return new Map();
  const rows = await db
    .select({ tournamentId: tournamentEntrants.tournamentId, total: count() })
    .from(tournamentEntrants)
    .where(inArray(tournamentEntrants.tournamentId, tournamentIds))
    .groupBy(tournamentEntrants.tournamentId);
  return new Map(rows.map((row) => [row.tournamentId, row.total]));
}

export async function listEntrantRows(db: Database, tournamentId: string): Promise<EntrantRow[]> {
  return db
    .select()
    .from(tournamentEntrants)
    .where(eq(tournamentEntrants.tournamentId, tournamentId))
    .orderBy(asc(tournamentEntrants.seed));
}

/** The entrants of several tournaments at once, by seed. */
export async function listEntrantRowsOf(db: Database, tournamentIds: string[]): Promise<EntrantRow[]> {
  if (tournamentIds.length === 0) return [];
  return db
    .select()
    .from(tournamentEntrants)
    .where(inArray(tournamentEntrants.tournamentId, tournamentIds))
    .orderBy(asc(tournamentEntrants.tournamentId), asc(tournamentEntrants.seed));
}

/** Scheduled tournaments, over by now, in which the user captains a side (the wins badge, decision 064). */
export async function listFinishedTournamentsCaptainedBy(db: Database, userId: string, now: Date) {
  const captained = db
    .select({ id: tournamentEntrants.tournamentId })
    .from(tournamentEntrants)
    .where(eq(tournamentEntrants.captainId, userId));
  return db
    .select()
    .from(tournaments)
    .where(and(inArray(tournaments.id, captained), isNotNull(tournaments.scheduledAt), lte(tournaments.endsAt, now)));
}

export async function listMatchRows(db: Database, tournamentIds: string[]): Promise<MatchRow[]> {
  if (tournamentIds.length === 0) return [];
  return db
    .select()
    .from(tournamentMatches)
    .where(inArray(tournamentMatches.tournamentId, tournamentIds))
    .orderBy(asc(tournamentMatches.startsAt), asc(tournamentMatches.court), asc(tournamentMatches.key));
}

/** Registrations of the team's seasons among the ids given: the ones a tournament may take entrants from. */
export async function findTeamRegistrations(db: Database, teamId: string, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  return db
    .select({ id: registrations.id, name: registrations.name, userId: registrations.userId })
    .from(registrations)
    .where(and(eq(registrations.teamId, teamId), inArray(registrations.id, registrationIds)));
}

/**
 * Runs `work` holding the tournament's row lock, so its entrants, schedule and scores change one
 * request at a time: two scores of one match cannot both win, and two last pool matches scored at
 * once cannot each miss that the pool is over. Returns undefined when the tournament is gone.
 */
export async function withTournamentLocked<T>(
  db: Database,
  tournamentId: string,
  work: (tx: Database, tournament: TournamentRow) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)).for('update');
    if (!tournament) return undefined;
    return work(tx as unknown as Database, tournament);
  });
}

export async function replaceEntrantRows(db: Database, tournamentId: string, entrants: NewEntrant[]): Promise<void> {
  await db.delete(tournamentEntrants).where(eq(tournamentEntrants.tournamentId, tournamentId));
  if (entrants.length > 0) {
    await db.insert(tournamentEntrants).values(entrants.map((entrant) => ({ ...entrant, tournamentId })));
  }
}

export async function setEntrantPool(db: Database, entrantId: string, pool: number): Promise<void> {
  await db.update(tournamentEntrants).set({ pool }).where(eq(tournamentEntrants.id, entrantId));
}

export async function insertMatchRows(db: Database, tournamentId: string, matches: NewMatch[]): Promise<void> {
  if (matches.length > 0) {
    await db.insert(tournamentMatches).values(matches.map((match) => ({ ...match, tournamentId })));
  }
}

export async function markScheduled(db: Database, tournamentId: string, at: Date): Promise<void> {
  await db.update(tournaments).set({ scheduledAt: at }).where(eq(tournaments.id, tournamentId));
}

export async function updateMatchRow(db: Database, matchId: string, columns: Partial<NewMatch>): Promise<void> {
  await db.update(tournamentMatches).set(columns).where(eq(tournamentMatches.id, matchId));
}

export async function updateTournamentRow(
  db: Database,
  tournamentId: string,
  columns: Partial<NewTournament>,
): Promise<TournamentRow> {
  const [row] = await db.update(tournaments).set(columns).where(eq(tournaments.id, tournamentId)).returning();
  if (!row) throw new Error('tournament update returned nothing');
  return row;
}

/** The schedule is dropped (its format or pools changed before any score): it is generated again. */
export async function deleteSchedule(db: Database, tournamentId: string): Promise<void> {
  await db.delete(tournamentMatches).where(eq(tournamentMatches.tournamentId, tournamentId));
  await db.update(tournamentEntrants).set({ pool: null }).where(eq(tournamentEntrants.tournamentId, tournamentId));
}
