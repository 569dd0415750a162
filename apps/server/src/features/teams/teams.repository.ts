import { and, asc, count, eq, gt, ilike, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { seasonSessions, seasons } from '../seasons/seasons.schema.ts';
import {
  ambassadorApplications,
  mailRequests,
  teamFollows,
  teamInvitations,
  teamJoinRequests,
  teamMembers,
  teamNotificationTopics,
  teams,
} from './teams.schema.ts';

export type TeamRow = typeof teams.$inferSelect;
export type NewTeam = Omit<typeof teams.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type InvitationRow = typeof teamInvitations.$inferSelect;
/** How invitation mails are counted in mail_requests, per sender. */
export const invitationMailTemplate = 'team-invitation';

/** The team and its owner's membership, in one transaction. */
export async function insertTeamWithOwner(db: Database, team: NewTeam, ownerId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(teams).values(team).returning({ id: teams.id });
    if (!row) throw new Error('team insert returned nothing');
    await tx.insert(teamMembers).values({ teamId: row.id, userId: ownerId, role: 'owner' });
    return row.id;
  });
}

export async function findTeam(db: Database, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  return row;
}

export async function updateTeamColumns(db: Database, teamId: string, columns: Partial<NewTeam>): Promise<void> {
  await db
    .update(teams)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(teams.id, teamId));
}

/** Members, requests, follows and invitations go with it (foreign keys cascade). */
export async function deleteTeamRow(db: Database, teamId: string): Promise<void> {
  await db.delete(teams).where(eq(teams.id, teamId));
}

export async function findRole(db: Database, teamId: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

export async function listMembers(db: Database, teamId: string) {
  return db
    .select({ id: users.id, name: users.name, image: users.image, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(
      sql`case ${teamMembers.role} when 'owner' then 0 when 'organizer' then 1 when 'player' then 2 else 3 end`,
      asc(users.name),
    );
}

export async function countMembers(db: Database, teamIds: string[]): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ teamId: teamMembers.teamId, total: count() })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, teamIds))
    .groupBy(teamMembers.teamId);
  return new Map(rows.map((row) => [row.teamId, row.total]));
}

export async function insertMember(db: Database, teamId: string, userId: string, role: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(teamMembers)
      .values({ teamId, userId, role })
      .onConflictDoNothing()
      .returning({ userId: teamMembers.userId });
    // A member no longer has a pending request.
    await tx
      .delete(teamJoinRequests)
      .where(and(eq(teamJoinRequests.teamId, teamId), eq(teamJoinRequests.userId, userId)));
    return inserted.length === 1;
  });
}

export async function updateMemberRole(db: Database, teamId: string, userId: string, role: string): Promise<void> {
  await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteMember(db: Database, teamId: string, userId: string): Promise<void> {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** The old owner becomes an organizer first: the one-owner index never sees two. */
export async function moveOwnership(db: Database, teamId: string, fromUserId: string, toUserId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(teamMembers)
      .set({ role: 'organizer' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, fromUserId)));
    await tx
      .update(teamMembers)
      .set({ role: 'owner' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, toUserId)));
  });
}

export async function countOwnedTeams(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, 'owner')));
  return row?.total ?? 0;
}

/** Teams the user belongs to without owning them (organizer, player or substitute). */
export async function countJoinedTeams(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), ne(teamMembers.role, 'owner')));
  return row?.total ?? 0;
}

export async function listTeamsOfUser(db: Database, userId: string) {
  return db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.name));
}

/** Public teams whose name contains the search, for the lists and the nearest-first sort. */
export async function searchPublicTeams(db: Database, search: string | undefined, limit: number): Promise<TeamRow[]> {
  const conditions = [eq(teams.visibility, 'public')];
  if (search) conditions.push(ilike(teams.name, `%${search.replace(/[%_\\]/g, (character) => `\\${character}`)}%`));
  return db
    .select()
    .from(teams)
    .where(and(...conditions))
    .orderBy(asc(teams.name))
    .limit(limit);
}

/** False when the person had asked already (asking again changes nothing and tells nobody). */
export async function insertJoinRequest(db: Database, teamId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(teamJoinRequests)
    .values({ teamId, userId })
    .onConflictDoNothing()
    .returning({ userId: teamJoinRequests.userId });
  return rows.length > 0;
}

export async function deleteJoinRequest(db: Database, teamId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(teamJoinRequests)
    .where(and(eq(teamJoinRequests.teamId, teamId), eq(teamJoinRequests.userId, userId)))
    .returning({ userId: teamJoinRequests.userId });
  return deleted.length === 1;
}

export async function hasJoinRequest(db: Database, teamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: teamJoinRequests.userId })
    .from(teamJoinRequests)
    .where(and(eq(teamJoinRequests.teamId, teamId), eq(teamJoinRequests.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function listJoinRequestRows(db: Database, teamId: string) {
  return db
    .select({ userId: users.id, name: users.name, image: users.image, requestedAt: teamJoinRequests.requestedAt })
    .from(teamJoinRequests)
    .innerJoin(users, eq(users.id, teamJoinRequests.userId))
    .where(eq(teamJoinRequests.teamId, teamId))
    .orderBy(asc(teamJoinRequests.requestedAt));
}

export async function insertFollow(db: Database, teamId: string, userId: string): Promise<void> {
  await db.insert(teamFollows).values({ teamId, userId }).onConflictDoNothing();
}

export async function deleteFollow(db: Database, teamId: string, userId: string): Promise<void> {
  await db.delete(teamFollows).where(and(eq(teamFollows.teamId, teamId), eq(teamFollows.userId, userId)));
}

export async function isFollowing(db: Database, teamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ teamId: teamFollows.teamId })
    .from(teamFollows)
    .where(and(eq(teamFollows.teamId, teamId), eq(teamFollows.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Followed teams the user is not (or no longer) a member of. */
export async function listFollowedTeamRows(db: Database, userId: string): Promise<TeamRow[]> {
  return db
    .select({ team: teams })
    .from(teamFollows)
    .innerJoin(teams, eq(teams.id, teamFollows.teamId))
    .where(
      and(
        eq(teamFollows.userId, userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, teamFollows.teamId), eq(teamMembers.userId, userId))),
        ),
      ),
    )
    .orderBy(asc(teams.name))
    .then((rows) => rows.map((row) => row.team));
}

export async function insertInvitation(
  db: Database,
  invitation: Pick<InvitationRow, 'teamId' | 'token' | 'email' | 'role' | 'createdBy' | 'expiresAt'>,
): Promise<InvitationRow> {
  const [row] = await db.insert(teamInvitations).values(invitation).returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/**
 * Inserts an invitation that Huddle will mail, and counts the mail against its sender, unless
 * the sender already has `limit` invitation mails in the last `windowHours` (then undefined).
 * The count is in the database, so it holds across instances and restarts; a per-sender
 * advisory lock makes simultaneous requests count one after another.
 */
export async function insertMailedInvitation(
  db: Database,
  invitation: Pick<InvitationRow, 'teamId' | 'token' | 'email' | 'role' | 'expiresAt'> & { createdBy: string },
  { limit, windowHours }: { limit: number; windowHours: number },
): Promise<InvitationRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${invitationMailTemplate}:${invitation.createdBy}`}, 0))`,
    );
    const [sent] = await tx
      .select({ n: count() })
      .from(mailRequests)
      .where(
        and(
          eq(mailRequests.userId, invitation.createdBy),
          eq(mailRequests.template, invitationMailTemplate),
          gt(mailRequests.createdAt, sql`now() - make_interval(hours => ${windowHours})`),
        ),
      );
    if ((sent?.n ?? 0) >= limit) return undefined;
    await tx.insert(mailRequests).values({ userId: invitation.createdBy, template: invitationMailTemplate });
    const [row] = await tx.insert(teamInvitations).values(invitation).returning();
    return row;
  });
}

export async function listInvitationRows(db: Database, teamId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.teamId, teamId))
    .orderBy(asc(teamInvitations.createdAt));
}

export async function findInvitationByToken(db: Database, token: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.token, token)).limit(1);
  return row;
}

export async function revokeInvitationRow(
  db: Database,
  teamId: string,
  invitationId: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId), isNull(teamInvitations.revokedAt)),
    )
    .returning();
  return (
    row ??
    (
      await db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId)))
    )[0]
  );
}

/**
 * Joins through an invitation and counts it, in one transaction. The invitation row is locked
 * before it is judged, so simultaneous accepts of a single-use invitation queue up behind the
 * first and then see it spent (read before the lock, ten accepts all saw it unused).
 * Undefined when there is no such invitation or `isUsable` refuses it; someone already in the
 * team leaves it unused.
 */
export async function acceptInvitationRow(
  db: Database,
  { token, userId, isUsable }: { token: string; userId: string; isUsable: (invitation: InvitationRow) => boolean },
): Promise<InvitationRow | undefined> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx.select().from(teamInvitations).where(eq(teamInvitations.token, token)).for('update');
    if (!invitation || !isUsable(invitation)) return undefined;
    const inserted = await tx
      .insert(teamMembers)
      .values({ teamId: invitation.teamId, userId, role: invitation.role })
      .onConflictDoNothing()
      .returning({ userId: teamMembers.userId });
    if (inserted.length === 0) return invitation;
    await tx
      .delete(teamJoinRequests)
      .where(and(eq(teamJoinRequests.teamId, invitation.teamId), eq(teamJoinRequests.userId, userId)));
    await tx
      .update(teamInvitations)
      .set({ acceptedCount: sql`${teamInvitations.acceptedCount} + 1` })
      .where(eq(teamInvitations.id, invitation.id));
    return invitation;
  });
}

export async function listTopicRows(db: Database, userId: string) {
  return db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      email: teamNotificationTopics.email,
      push: teamNotificationTopics.push,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(
      teamNotificationTopics,
      and(eq(teamNotificationTopics.teamId, teamMembers.teamId), eq(teamNotificationTopics.userId, userId)),
    )
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.name));
}

export async function upsertTopic(
  db: Database,
  teamId: string,
  userId: string,
  settings: { email: boolean; push: boolean },
) {
  await db
    .insert(teamNotificationTopics)
    .values({ teamId, userId, ...settings })
    .onConflictDoUpdate({ target: [teamNotificationTopics.teamId, teamNotificationTopics.userId], set: settings });
}

/** Records the request unless one for this template went out in the last day; true when recorded. */
export async function recordMailRequestOncePerDay(db: Database, userId: string, template: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const [recent] = await tx
      .select({ id: mailRequests.id })
      .from(mailRequests)
      .where(
        and(eq(mailRequests.userId, userId), eq(mailRequests.template, template), gt(mailRequests.createdAt, since)),
      )
      .limit(1);
    if (recent) return false;
    await tx.insert(mailRequests).values({ userId, template });
    return true;
  });
}

export async function insertAmbassadorApplication(
  db: Database,
  application: typeof ambassadorApplications.$inferInsert,
) {
  await db.insert(ambassadorApplications).values(application);
}

/**
 * The next session start of each team, from its published seasons: `current` counts only
 * seasons that have begun, `any` every season (a team whose season has not started yet).
 */
export async function nextSessionStarts(
  db: Database,
  teamIds: string[],
): Promise<Map<string, { current: Date | null; any: Date }>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({
      teamId: seasons.teamId,
      current: sql<
        Date | string | null
      >`min(${seasonSessions.startsAt}) filter (where ${seasons.startsOn} <= current_date)`,
      any: sql<Date | string>`min(${seasonSessions.startsAt})`,
    })
    .from(seasonSessions)
    .innerJoin(seasons, eq(seasons.id, seasonSessions.seasonId))
    .where(
      and(inArray(seasons.teamId, teamIds), eq(seasons.status, 'published'), gt(seasonSessions.startsAt, new Date())),
    )
    .groupBy(seasons.teamId);
  return new Map(
    rows.map((row) => [
      row.teamId,
      { current: row.current === null ? null : new Date(row.current), any: new Date(row.any) },
    ]),
  );
}
