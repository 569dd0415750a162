import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { rowsOfTable } from '../../db/driver-rows.ts';
import { users } from '../accounts/accounts.schema.ts';
import { eventParties, events } from '../events/events.schema.ts';
import { userBlocks } from '../profiles/profiles.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { conversationReads, conversations, messages } from './messages.schema.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

const managerRoles = sql`('owner', 'organizer')`;

/**
 * Whether a user belongs to the conversation aliased `c` (decision 026): one of the pair; a member
 * of the team; the event's creator, its team's organizers, or anyone with a party (joined or
 * waiting) on one of its dates.
 */
const isMemberOf = (userId: string | SQL) => sql`(
  (c.kind = 'direct' and (c.user_a = ${userId} or c.user_b = ${userId}))
  or (c.kind = 'team' and exists (select 1 from ${teamMembers} m where m.team_id = c.team_id and m.user_id = ${userId}))
  or (c.kind = 'event' and (
    exists (select 1 from ${events} e where e.id = c.event_id and e.creator_id = ${userId})
    or exists (select 1 from ${eventParties} p where p.event_id = c.event_id and p.user_id = ${userId})
    or exists (select 1 from ${events} e join ${teamMembers} m on m.team_id = e.team_id
      where e.id = c.event_id and m.user_id = ${userId} and m.role in ${managerRoles})
  ))
)`;

/** Organizers of a team or event conversation: they may post when it is announcements-only. */
const isManagerOf = (userId: string) => sql`(
  (c.kind = 'team' and exists (select 1 from ${teamMembers} m
    where m.team_id = c.team_id and m.user_id = ${userId} and m.role in ${managerRoles}))
  or (c.kind = 'event' and (
    exists (select 1 from ${events} e where e.id = c.event_id and e.creator_id = ${userId})
    or exists (select 1 from ${events} e join ${teamMembers} m on m.team_id = e.team_id
      where e.id = c.event_id and m.user_id = ${userId} and m.role in ${managerRoles})
  ))
)`;

/** A direct conversation whose other person the user blocked: hidden from the user (spec §7). */
const blockedByViewer = (userId: string) => sql`(c.kind = 'direct' and exists (
  select 1 from ${userBlocks} b where b.blocker_id = ${userId}
    and b.blocked_id = case when c.user_a = ${userId} then c.user_b else c.user_a end))`;

/**
 * Unread for a user: after their read mark, not theirs, not deleted (spec §7). Someone who joins
 * a team or a game later reads the history, but only what came after they joined counts.
 */
const unreadIn = (userId: string) => sql`(
  select count(*)::int from ${messages} m
  where m.conversation_id = c.id and m.sender_id <> ${userId} and m.deleted_at is null
    and m.seq > coalesce((select r.last_read_seq from ${conversationReads} r
      where r.conversation_id = c.id and r.user_id = ${userId}), 0)
    and m.created_at >= case
      when c.kind = 'team' then coalesce((select tm.joined_at from ${teamMembers} tm
        where tm.team_id = c.team_id and tm.user_id = ${userId}), '-infinity'::timestamptz)
      when c.kind = 'event' then coalesce((select min(p.created_at) from ${eventParties} p
        where p.event_id = c.event_id and p.user_id = ${userId}), '-infinity'::timestamptz)
      else '-infinity'::timestamptz end
)`;

export async function findConversation(db: Database, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/**
 * One conversation and the access a user has to it, in one query (decision 072: every message
 * route asks both first).
 */
export async function findConversationWithAccess(
  db: Database,
  conversationId: string,
  userId: string,
): Promise<{ conversation: ConversationRow; member: boolean; manager: boolean } | undefined> {
  const c = alias(conversations, 'c');
  const [row] = await db
    .select({
      conversation: c,
      member: sql<boolean>`${isMemberOf(userId)}`,
      manager: sql<boolean>`${isManagerOf(userId)}`,
    })
    .from(c)
    .where(eq(c.id, conversationId));
  return row;
}

/** The access a user has to one conversation. */
export async function findAccess(db: Database, conversationId: string, userId: string) {
  const result = await db.execute<{ member: boolean; manager: boolean }>(sql`
    select ${isMemberOf(userId)} as member, ${isManagerOf(userId)} as manager
    from ${conversations} c where c.id = ${conversationId}`);
  const row = result.rows[0];
  return row ? { member: row.member, manager: row.manager } : undefined;
}

/** Finds or makes one conversation, safe against two first opens at once (unique index). */
async function findOrInsert(db: Database, where: SQL, values: typeof conversations.$inferInsert) {
  const [existing] = await db.select().from(conversations).where(where);
  if (existing) return existing;
  await db.insert(conversations).values(values).onConflictDoNothing();
  const [row] = await db.select().from(conversations).where(where);
  if (!row) throw new Error('conversation insert found nothing');
  return row;
}

export function findOrInsertDirect(db: Database, userA: string, userB: string) {
  return findOrInsert(db, and(eq(conversations.userA, userA), eq(conversations.userB, userB))!, {
    kind: 'direct',
    userA,
    userB,
  });
}

export function findOrInsertTeamConversation(db: Database, teamId: string) {
  return findOrInsert(db, eq(conversations.teamId, teamId), { kind: 'team', teamId });
}

export function findOrInsertEventConversation(db: Database, eventId: string) {
  return findOrInsert(db, eq(conversations.eventId, eventId), { kind: 'event', eventId });
}

export async function findTeamConversationId(db: Database, teamId: string) {
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.teamId, teamId));
  return row?.id;
}

export async function updateConversationColumns(
  db: Database,
  id: string,
  changes: Partial<Pick<ConversationRow, 'announcementsOnly'>>,
) {
  await db.update(conversations).set(changes).where(eq(conversations.id, id));
}

/** Everyone who belongs to a conversation now (realtime fan-out). */
export async function listMemberIds(db: Database, conversation: ConversationRow): Promise<string[]> {
  if (conversation.kind === 'direct') return [conversation.userA!, conversation.userB!];
  if (conversation.kind === 'team') {
    const rows = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, conversation.teamId!));
    return rows.map((row) => row.userId);
  }
  const result = await db.execute<{ user_id: string }>(sql`
    select e.creator_id as user_id from ${events} e where e.id = ${conversation.eventId}
    union select p.user_id from ${eventParties} p where p.event_id = ${conversation.eventId} and p.user_id is not null
    union select m.user_id from ${events} e join ${teamMembers} m on m.team_id = e.team_id
      where e.id = ${conversation.eventId} and m.role in ${managerRoles}`);
  return result.rows.map((row) => row.user_id);
}

export interface ConversationListRow {
  conversation: ConversationRow;
  unread: number;
  muted: boolean;
  manager: boolean;
  lastMessage: MessageRow | undefined;
}

/** The user's conversations that have a message, newest activity first; blocked ones left out. */
export async function listConversationRows(db: Database, userId: string): Promise<ConversationListRow[]> {
  const result = await db.execute<{
    id: string;
    unread: number;
    muted: boolean | null;
    manager: boolean;
    last_id: string;
  }>(sql`
    select c.id, ${unreadIn(userId)} as unread, ${isManagerOf(userId)} as manager,
      (select r.muted from ${conversationReads} r where r.conversation_id = c.id and r.user_id = ${userId}) as muted,
      last.id as last_id
    from ${conversations} c
    join lateral (select m.id, m.seq from ${messages} m where m.conversation_id = c.id
      order by m.seq desc limit 1) last on true
    where ${isMemberOf(userId)} and not ${blockedByViewer(userId)}
    order by last.seq desc
    limit 200`);
  if (result.rows.length === 0) return [];
  const ids = result.rows.map((row) => row.id);
  const [rows, lastMessages] = await Promise.all([
    db.select().from(conversations).where(inArray(conversations.id, ids)),
    db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.id,
          result.rows.map((row) => row.last_id),
        ),
      ),
  ]);
  const conversationById = new Map(rows.map((row) => [row.id, row]));
  const messageById = new Map(lastMessages.map((row) => [row.id, row]));
  return result.rows.flatMap((row) => {
    const conversation = conversationById.get(row.id);
    if (!conversation) return [];
    return [
      {
        conversation,
        unread: row.unread,
        muted: row.muted ?? false,
        manager: row.manager,
        lastMessage: messageById.get(row.last_id),
      },
    ];
  });
}

/** One conversation's unread count and mute for a user. */
export async function findReadState(db: Database, conversationId: string, userId: string) {
  const result = await db.execute<{ unread: number; muted: boolean | null }>(sql`
    select ${unreadIn(userId)} as unread,
      (select r.muted from ${conversationReads} r where r.conversation_id = c.id and r.user_id = ${userId}) as muted
    from ${conversations} c where c.id = ${conversationId}`);
  const row = result.rows[0];
  return { unread: row?.unread ?? 0, muted: row?.muted ?? false };
}

/** Spec §2 page titles: the unread total over the user's conversations, muted and blocked left out. */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`
    select coalesce(sum(${unreadIn(userId)}), 0)::int as total
    from ${conversations} c
    where ${isMemberOf(userId)} and not ${blockedByViewer(userId)}
      and not coalesce((select r.muted from ${conversationReads} r
        where r.conversation_id = c.id and r.user_id = ${userId}), false)`);
  return result.rows[0]?.total ?? 0;
}

export async function markReadUpTo(db: Database, conversationId: string, userId: string, seq: number) {
  // Never moves back: a late request for an older message must not un-read newer ones.
  await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadSeq: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq)` },
    });
}

export async function setMuted(db: Database, conversationId: string, userId: string, muted: boolean) {
  await db
    .insert(conversationReads)
    .values({ conversationId, userId, muted })
    .onConflictDoUpdate({ target: [conversationReads.conversationId, conversationReads.userId], set: { muted } });
}

export async function newestSeq(db: Database, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<string | null>`max(${messages.seq})` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return row?.seq ? Number(row.seq) : 0;
}

export async function hasMessages(db: Database, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .limit(1);
  return row !== undefined;
}

export async function findMessage(db: Database, conversationId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, messageId)));
  return row;
}

export async function findMessageByClientId(db: Database, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/** Inserts unless the sender already sent this clientId; undefined then (a retry). */
/**
 * One message at a time per conversation: its row is locked before the insert takes its `seq`,
 * so within a conversation `seq` order is commit order (decision 074). Without the lock, two people
 * sending at once could commit seq 101 before seq 100; a reader who saw 101 and then caught up
 * `after` it (a reconnected socket) would never get 100. With it, a page that shows seq N shows
 * every message before N.
 */
export async function insertMessage(
  db: Database,
  values: Pick<MessageRow, 'conversationId' | 'senderId' | 'clientId' | 'text' | 'imageUrl'>,
) {
  // One statement, one round trip (issue 32). The subquery locks the conversation row (NO KEY
  // UPDATE: senders wait for one another, foreign-key checks on the conversation do not); the
  // row it yields is then projected into the insert, and only there does seq take its next value
  // (named here, with OVERRIDING SYSTEM VALUE: a column default would be drawn before the lock).
  // The lock lasts until the statement's transaction commits. No row: a retry's twin won the
  // clientId, or the conversation is gone.
  const [row] = await rowsOfTable(
    db,
    messages,
    sql`insert into ${messages} (id, seq, conversation_id, sender_id, client_id, text, image_url, created_at, edited_at, deleted_at)
        overriding system value
          select gen_random_uuid(), nextval(pg_get_serial_sequence('messages', 'seq')), locked.id, ${values.senderId},
            ${values.clientId}::uuid, ${values.text}, ${values.imageUrl}::text, now(), null::timestamptz, null::timestamptz
          from (select ${conversations.id} from ${conversations}
                where ${conversations.id} = ${values.conversationId} for no key update) as locked
        on conflict do nothing
        returning *`,
  );
  return row;
}

export async function updateMessageColumns(
  db: Database,
  id: string,
  changes: Partial<Pick<MessageRow, 'text' | 'imageUrl' | 'editedAt' | 'deletedAt'>>,
) {
  const [row] = await db.update(messages).set(changes).where(eq(messages.id, id)).returning();
  return row;
}

/** A page of messages by seq: before (older, newest page when neither) or after (newer). */
export async function listMessageRows(
  db: Database,
  {
    conversationId,
    beforeSeq,
    afterSeq,
    limit,
  }: { conversationId: string; beforeSeq?: number; afterSeq?: number; limit: number },
) {
  const inConversation = eq(messages.conversationId, conversationId);
  if (afterSeq !== undefined) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(inConversation, gt(messages.seq, afterSeq)))
      .orderBy(asc(messages.seq))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }
  const rows = await db
    .select()
    .from(messages)
    .where(beforeSeq === undefined ? inConversation : and(inConversation, lt(messages.seq, beforeSeq)))
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

export async function findPeople(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      messagesFromAnyone: users.messagesFromAnyone,
      publicOnlineStatus: users.publicOnlineStatus,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function findTeamTitles(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: teams.id, name: teams.name, photoUrl: teams.photoUrl })
    .from(teams)
    .where(inArray(teams.id, ids));
}

export async function findEventTitles(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: events.id, title: events.title }).from(events).where(inArray(events.id, ids));
}

/**
 * Spec §3 messagesFromAnyone off: the two share a team, or played in one event (both had a party
 * on it, or one organized it and the other had a party).
 */
export async function knowEachOther(db: Database, a: string, b: string): Promise<boolean> {
  const result = await db.execute<{ known: boolean }>(sql`select (
    exists (select 1 from ${teamMembers} x join ${teamMembers} y on y.team_id = x.team_id
      where x.user_id = ${a} and y.user_id = ${b})
    or exists (select 1 from ${eventParties} x join ${eventParties} y on y.event_id = x.event_id
      where x.user_id = ${a} and y.user_id = ${b})
    or exists (select 1 from ${events} e join ${eventParties} p on p.event_id = e.id
      where (e.creator_id = ${a} and p.user_id = ${b}) or (e.creator_id = ${b} and p.user_id = ${a}))
  ) as known`);
  return result.rows[0]?.known ?? false;
}

/** Who blocked whom between two people, either direction. */
export async function findBlockerIds(db: Database, a: string, b: string): Promise<string[]> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`,
    );
  return rows.map((row) => row.blockerId);
}

/**
 * Of a conversation's members, those a new message from the sender should reach as a
 * notification: not the sender, not who muted the conversation, not who blocked the sender.
 */
export async function listMembersToNotify(
  db: Database,
  { conversationId, memberIds, senderId }: { conversationId: string; memberIds: readonly string[]; senderId: string },
): Promise<string[]> {
  const others = memberIds.filter((id) => id !== senderId);
  if (others.length === 0) return [];
  const [muted, blockers] = await Promise.all([
    db
      .select({ userId: conversationReads.userId })
      .from(conversationReads)
      .where(
        and(
          eq(conversationReads.conversationId, conversationId),
          eq(conversationReads.muted, true),
          inArray(conversationReads.userId, others),
        ),
      ),
    db
      .select({ userId: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockedId, senderId), inArray(userBlocks.blockerId, others))),
  ]);
  const left = new Set([...muted, ...blockers].map((row) => row.userId));
  return others.filter((id) => !left.has(id));
}
