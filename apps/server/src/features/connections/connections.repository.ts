import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { eventParties, events } from '../events/events.schema.ts';
import { userBlocks } from '../profiles/profiles.schema.ts';
import { teamMembers } from '../teams/teams.schema.ts';
import { connectionSettings, connections } from './connections.schema.ts';

export type ConnectionRow = typeof connections.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The stored order of a pair: the unique index holds one row whatever the direction. */
export const pairOf = (a: string, b: string) => (a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a });

const pairIs = (a: string, b: string) => {
  const pair = pairOf(a, b);
  return and(eq(connections.userLow, pair.userLow), eq(connections.userHigh, pair.userHigh));
};

export async function findConnection(db: Database | Transaction, a: string, b: string) {
  const [row] = await db.select().from(connections).where(pairIs(a, b));
  return row;
}

export async function findPerson(db: Database, id: string) {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
  return row;
}

/** Whether either blocked the other (spec §3 blocklist): no request passes between them. */
export async function blockedEitherWay(db: Database, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function findAcceptAutomatically(db: Database | Transaction, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: connectionSettings.acceptAutomatically })
    .from(connectionSettings)
    .where(eq(connectionSettings.userId, userId));
  return row?.on ?? false;
}

export async function saveAcceptAutomatically(db: Database, userId: string, on: boolean, now: Date) {
  await db
    .insert(connectionSettings)
    .values({ userId, acceptAutomatically: on, updatedAt: now })
    .onConflictDoUpdate({ target: connectionSettings.userId, set: { acceptAutomatically: on, updatedAt: now } });
}

/**
 * A request from `requesterId` to `otherId`, in one transaction that holds the pair's row: the
 * first of parallel requests inserts it, every other one waits on the unique index, then reads
 * the committed row under a lock. So twenty copies make one request, and A→B racing B→A makes
 * one connection (the second finds the first's request and accepts it).
 */
export function requestConnection(
  db: Database,
  {
    requesterId,
    otherId,
    acceptAutomatically,
    now,
  }: {
    requesterId: string;
    otherId: string;
    /** The other person connects without asking (their setting, read inside the transaction). */
    acceptAutomatically: (tx: Transaction) => Promise<boolean>;
    now: Date;
  },
): Promise<{ row: ConnectionRow; change: 'requested' | 'accepted' | 'none' }> {
  return db.transaction(async (tx) => {
    const automatic = await acceptAutomatically(tx);
    const [inserted] = await tx
      .insert(connections)
      .values({
        ...pairOf(requesterId, otherId),
        requesterId,
        status: automatic ? 'accepted' : 'pending',
        acceptedAt: automatic ? now : null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { row: inserted, change: automatic ? ('accepted' as const) : ('requested' as const) };
    const [existing] = await tx.select().from(connections).where(pairIs(requesterId, otherId)).for('update');
    if (!existing) throw new Error('connection row vanished under its lock');
    if (existing.status === 'pending' && existing.requesterId === otherId) {
      const [accepted] = await tx
        .update(connections)
        .set({ status: 'accepted', acceptedAt: now })
        .where(eq(connections.id, existing.id))
        .returning();
      return { row: accepted!, change: 'accepted' as const };
    }
    return { row: existing, change: 'none' as const };
  });
}

/** Accepts the other's pending request to the actor; undefined when there is none. */
export async function acceptRequest(
  db: Database,
  { actorId, requesterId, now }: { actorId: string; requesterId: string; now: Date },
) {
  const [row] = await db
    .update(connections)
    .set({ status: 'accepted', acceptedAt: now })
    .where(
      and(pairIs(actorId, requesterId), eq(connections.status, 'pending'), eq(connections.requesterId, requesterId)),
    )
    .returning();
  return row;
}

/** Deletes the other's pending request to the actor; whether there was one. */
export async function deleteIncomingRequest(
  db: Database,
  { actorId, requesterId }: { actorId: string; requesterId: string },
) {
  const rows = await db
    .delete(connections)
    .where(
      and(pairIs(actorId, requesterId), eq(connections.status, 'pending'), eq(connections.requesterId, requesterId)),
    )
    .returning({ id: connections.id });
  return rows.length > 0;
}

/** Removes a connection or the actor's own pending request; an incoming request is declined instead. */
export async function deleteConnectionOrOwnRequest(
  db: Database,
  { actorId, otherId }: { actorId: string; otherId: string },
) {
  const rows = await db
    .delete(connections)
    .where(and(pairIs(actorId, otherId), or(eq(connections.status, 'accepted'), eq(connections.requesterId, actorId))))
    .returning({ id: connections.id });
  return rows.length > 0;
}

export async function isConnected(db: Database, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(pairIs(a, b), eq(connections.status, 'accepted')));
  return Boolean(row);
}

const personColumns = {
  id: users.id,
  name: users.name,
  image: users.image,
  city: users.defaultCityName,
};

/** Every row the person is in, with the other person; newest first. */
export async function listConnectionRows(db: Database, userId: string, limit: number) {
  const otherId = sql<string>`case when ${connections.userLow} = ${userId} then ${connections.userHigh} else ${connections.userLow} end`;
  return db
    .select({ connection: connections, person: personColumns })
    .from(connections)
    .innerJoin(users, eq(users.id, otherId))
    .where(or(eq(connections.userLow, userId), eq(connections.userHigh, userId)))
    .orderBy(desc(sql`coalesce(${connections.acceptedAt}, ${connections.createdAt})`))
    .limit(limit * 3);
}

const notBlockedEitherWay = (me: string) => sql`not exists (select 1 from ${userBlocks} b
  where (b.blocker_id = ${me} and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = ${me}))`;

type PersonRow = {
  id: string;
  name: string;
  image: string | null;
  city: string | null;
};

/**
 * People the person shared a team with, or played a game with: both joined it, or one organized
 * it and the other joined (the same "know each other" as messages, decision 026).
 */
export async function listPlayedWithRows(db: Database, userId: string, limit: number) {
  const result = await db.execute<PersonRow & { shared_games: number; shared_teams: number }>(sql`
    with team_mates as (
      select y.user_id, count(distinct y.team_id)::int as n from ${teamMembers} x
      join ${teamMembers} y on y.team_id = x.team_id and y.user_id <> x.user_id
      where x.user_id = ${userId} group by y.user_id
    ), game_mates as (
      select other_id as user_id, count(distinct event_id)::int as n from (
        select y.user_id as other_id, x.event_id from ${eventParties} x
        join ${eventParties} y on y.event_id = x.event_id and y.status = 'joined' and y.user_id <> x.user_id
        where x.user_id = ${userId} and x.status = 'joined'
        union
        select p.user_id, e.id from ${events} e join ${eventParties} p on p.event_id = e.id and p.status = 'joined'
        where e.creator_id = ${userId} and p.user_id <> ${userId}
        union
        select e.creator_id, e.id from ${events} e join ${eventParties} p on p.event_id = e.id and p.status = 'joined'
        where p.user_id = ${userId} and e.creator_id <> ${userId}
      ) shared where other_id is not null group by other_id
    )
    select u.id, u.name, u.image, u.default_city_name as city,
      coalesce(g.n, 0) as shared_games, coalesce(t.n, 0) as shared_teams
    from ${users} u
    left join team_mates t on t.user_id = u.id
    left join game_mates g on g.user_id = u.id
    where (t.n is not null or g.n is not null) and ${notBlockedEitherWay(userId)}
    order by coalesce(g.n, 0) + coalesce(t.n, 0) desc, u.name, u.id
    limit ${limit}`);
  return result.rows;
}

/**
 * Suggestions (issue 16): people in the same teams, in the same games (any party), living within
 * `nearbyKm` of the person's city, or playing one of the same sports; not already connected or
 * asked either way, not blocked either way. Scored so that a teammate comes before a neighbour.
 */
export async function listSuggestionRows(
  db: Database,
  userId: string,
  { limit, nearbyKm }: { limit: number; nearbyKm: number },
) {
  const result = await db.execute<
    PersonRow & { same_teams: number; same_games: number; nearby: boolean; shared_sports: string[] }
  >(sql`
    with me as (
      select id, games, default_city_lat as lat, default_city_lng as lng from ${users} where id = ${userId}
    ), team_mates as (
      select y.user_id, count(distinct y.team_id)::int as n from ${teamMembers} x
      join ${teamMembers} y on y.team_id = x.team_id and y.user_id <> x.user_id
      where x.user_id = ${userId} group by y.user_id
    ), game_mates as (
      select y.user_id, count(distinct y.event_id)::int as n from ${eventParties} x
      join ${eventParties} y on y.event_id = x.event_id and y.user_id <> x.user_id
      where x.user_id = ${userId} and y.user_id is not null group by y.user_id
    ), scored as (
      select u.id, u.name, u.image, u.default_city_name as city,
        coalesce(t.n, 0) as same_teams, coalesce(g.n, 0) as same_games,
        coalesce(me.lat is not null and u.default_city_lat is not null and earth_distance(
          ll_to_earth(me.lat, me.lng), ll_to_earth(u.default_city_lat, u.default_city_lng)) <= ${nearbyKm * 1000}, false) as nearby,
        array(select unnest(u.games) intersect select unnest(me.games) order by 1) as shared_sports
      from ${users} u cross join me
      left join team_mates t on t.user_id = u.id
      left join game_mates g on g.user_id = u.id
      where u.id <> me.id
        and not exists (select 1 from ${connections} c
          where c.user_low = least(u.id, me.id) and c.user_high = greatest(u.id, me.id))
        and ${notBlockedEitherWay(userId)}
    )
    select * from scored
    where same_teams > 0 or same_games > 0 or nearby or cardinality(shared_sports) > 0
    order by same_teams * 3 + same_games * 2 + (case when nearby then 2 else 0 end) + cardinality(shared_sports) desc,
      name, id
    limit ${limit}`);
  return result.rows;
}

/** The status rows of the viewer with several people at once (played-with cards). */
export async function listConnectionsWith(db: Database, userId: string, otherIds: string[]) {
  if (otherIds.length === 0) return [];
  return db
    .select()
    .from(connections)
    .where(
      or(
        and(eq(connections.userLow, userId), inArray(connections.userHigh, otherIds)),
        and(eq(connections.userHigh, userId), inArray(connections.userLow, otherIds)),
      ),
    );
}
