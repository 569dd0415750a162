import type { VoteChoice } from '@huddle/shared/time-polls';
import { and, asc, count, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { places } from '../places/places.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { timePollInvitees, timePolls, timePollSlots, timePollVotes } from './time-polls.schema.ts';

export type TimePollRow = typeof timePolls.$inferSelect;
export type TimePollSlotRow = typeof timePollSlots.$inferSelect;
type NewTimePoll = typeof timePolls.$inferInsert;

export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx));
}

export async function insertPoll(db: Database, values: NewTimePoll): Promise<TimePollRow> {
  const [row] = await db.insert(timePolls).values(values).returning();
  return row!;
}

export async function insertSlots(
  db: Database,
  pollId: string,
  slots: readonly { startsAt: Date; endsAt: Date }[],
): Promise<void> {
  await db.insert(timePollSlots).values(slots.map((slot) => ({ pollId, ...slot })));
}

export async function insertInvitees(
  db: Database,
  rows: readonly { pollId: string; userId: string; tokenHash: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(timePollInvitees).values([...rows]);
}

/** Everyone on the team's roster, whatever their role. */
export async function listTeamMemberIds(db: Database, teamId: string): Promise<string[]> {
  const rows = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return rows.map((row) => row.userId);
}

/** The poll with what its page shows of the team and the place. */
export async function findPoll(db: Database, pollId: string) {
  const [row] = await db
    .select({ poll: timePolls, teamName: teams.name, placeName: places.name })
    .from(timePolls)
    .innerJoin(teams, eq(teams.id, timePolls.teamId))
    .leftJoin(places, eq(places.id, timePolls.placeId))
    .where(eq(timePolls.id, pollId))
    .limit(1);
  return row;
}
export type PollWithNames = NonNullable<Awaited<ReturnType<typeof findPoll>>>;

/** Locks the poll's row for the rest of the transaction: closes queue up behind each other. */
export async function lockPoll(db: Database, pollId: string): Promise<TimePollRow | undefined> {
  const [row] = await db.select().from(timePolls).where(eq(timePolls.id, pollId)).for('update').limit(1);
  return row;
}

/** Share-locks the poll's row: ballots run side by side, a close (FOR UPDATE) waits for them and they for it. */
export async function lockPollForShare(db: Database, pollId: string): Promise<TimePollRow | undefined> {
  const [row] = await db.select().from(timePolls).where(eq(timePolls.id, pollId)).for('share').limit(1);
  return row;
}

export async function listSlots(db: Database, pollId: string): Promise<TimePollSlotRow[]> {
  return db.select().from(timePollSlots).where(eq(timePollSlots.pollId, pollId)).orderBy(asc(timePollSlots.startsAt));
}

export async function listVotes(db: Database, pollId: string) {
  return db
    .select({
      slotId: timePollVotes.slotId,
      userId: timePollVotes.userId,
      choice: timePollVotes.choice,
      name: users.name,
      image: users.image,
    })
    .from(timePollVotes)
    .innerJoin(users, eq(users.id, timePollVotes.userId))
    .where(eq(timePollVotes.pollId, pollId))
    .orderBy(asc(users.name), asc(timePollVotes.userId));
}

export async function countInvitees(db: Database, pollId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(timePollInvitees).where(eq(timePollInvitees.pollId, pollId));
  return row?.n ?? 0;
}

export async function listInviteeIds(db: Database, pollId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: timePollInvitees.userId })
    .from(timePollInvitees)
    .where(eq(timePollInvitees.pollId, pollId));
  return rows.map((row) => row.userId);
}

export async function findInviteeByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ pollId: timePollInvitees.pollId, userId: timePollInvitees.userId })
    .from(timePollInvitees)
    .where(eq(timePollInvitees.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function findUserName(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

/**
 * The voter's answers in one statement: a time answered before is updated in place (the primary
 * key), so parallel or replayed ballots leave one row per person per time. Rows go in slot order,
 * so two ballots of the same person lock the same rows in the same order and cannot deadlock.
 */
export async function upsertVotes(
  db: Database,
  {
    pollId,
    userId,
    votes,
    at,
  }: { pollId: string; userId: string; votes: { slotId: string; choice: VoteChoice }[]; at: Date },
): Promise<void> {
  const rows = [...votes]
    .sort((a, b) => a.slotId.localeCompare(b.slotId))
    .map((vote) => ({ pollId, userId, slotId: vote.slotId, choice: vote.choice, updatedAt: at }));
  await db
    .insert(timePollVotes)
    .values(rows)
    .onConflictDoUpdate({
      target: [timePollVotes.slotId, timePollVotes.userId],
      set: { choice: sql`excluded.choice`, updatedAt: sql`excluded.updated_at` },
    });
}

export async function markClosed(
  db: Database,
  pollId: string,
  values: { chosenSlotId: string; eventId: string; closedAt: Date },
): Promise<TimePollRow> {
  const [row] = await db
    .update(timePolls)
    .set({ ...values, status: 'closed' })
    .where(eq(timePolls.id, pollId))
    .returning();
  return row!;
}

/** The team's polls, open ones first, newest first, with how many times and voters each has. */
export async function listTeamPolls(db: Database, teamId: string) {
  const slotCounts = db
    .select({ pollId: timePollSlots.pollId, n: count().as('slot_n') })
    .from(timePollSlots)
    .groupBy(timePollSlots.pollId)
    .as('slot_counts');
  const voterCounts = db
    .select({ pollId: timePollVotes.pollId, n: countDistinct(timePollVotes.userId).as('voter_n') })
    .from(timePollVotes)
    .groupBy(timePollVotes.pollId)
    .as('voter_counts');
  return db
    .select({
      poll: timePolls,
      slotCount: sql<number>`coalesce(${slotCounts.n}, 0)::int`,
      respondedCount: sql<number>`coalesce(${voterCounts.n}, 0)::int`,
    })
    .from(timePolls)
    .leftJoin(slotCounts, eq(slotCounts.pollId, timePolls.id))
    .leftJoin(voterCounts, eq(voterCounts.pollId, timePolls.id))
    .where(eq(timePolls.teamId, teamId))
    .orderBy(sql`${timePolls.status} = 'closed'`, desc(timePolls.createdAt))
    .limit(100);
}

export async function watchKeyExists(db: Database, watchKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: timePolls.id })
    .from(timePolls)
    .where(and(eq(timePolls.watchKey, watchKey)))
    .limit(1);
  return row !== undefined;
}
