import { and, asc, count, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { events } from '../events/events.schema.ts';
import { partners } from '../partners/partners.schema.ts';
import { places } from '../places/places.schema.ts';
import { posts } from '../posts/posts.schema.ts';
import { teams } from '../teams/teams.schema.ts';
import { tournaments } from '../tournaments/tournaments.schema.ts';

/** One public page a sitemap lists: its row's id, when it last changed, and the post's section. */
export interface SitemapRow {
  id: string;
  lastmod: Date;
  category: string | null;
  subcategory: string | null;
}

export type SitemapTableSource =
  'events' | 'teams' | 'places' | 'tournaments' | 'posts' | 'partners' | 'partner-events';

interface SourceQuery {
  table: PgTable;
  id: PgColumn;
  lastmod: SQL<Date> | PgColumn;
  /** Only what a visitor may open (issue 33: nothing private, hidden or deleted). */
  where: (now: Date) => SQL | undefined;
  /** A table the rule needs (a tournament or partner page is as public as its team). */
  team?: PgColumn;
  section?: { category: PgColumn; subcategory: PgColumn };
}

const publicTeam = eq(teams.visibility, 'public');

/**
 * What each source lists. Events: the public ones not over yet, cancelled ones included (search
 * engines are told of a cancellation by eventStatus, and the event's updatedAt moves with it);
 * team-only events never. Teams: public ones. Places: all (spec §2, places/view is public).
 * Tournaments and partner events: those of public teams (decisions 050, 048). Posts: not deleted.
 * Partners: the preferred ones, the only ones the public sees.
 */
const sources: Record<SitemapTableSource, SourceQuery> = {
  events: {
    table: events,
    id: events.id,
    lastmod: events.updatedAt,
    where: (now) => and(eq(events.visibility, 'public'), gt(events.seriesEndsAt, now)),
  },
  teams: { table: teams, id: teams.id, lastmod: teams.updatedAt, where: () => publicTeam },
  places: { table: places, id: places.id, lastmod: places.updatedAt, where: () => undefined },
  tournaments: {
    table: tournaments,
    id: tournaments.id,
    lastmod: sql<Date>`greatest(${tournaments.createdAt}, ${tournaments.scheduledAt})`,
    team: tournaments.teamId,
    where: () => publicTeam,
  },
  posts: {
    table: posts,
    id: posts.id,
    lastmod: sql<Date>`coalesce(${posts.editedAt}, ${posts.createdAt})`,
    section: { category: posts.category, subcategory: posts.subcategory },
    where: () => isNull(posts.deletedAt),
  },
  partners: {
    table: partners,
    id: partners.id,
    lastmod: partners.updatedAt,
    where: () => eq(partners.preferred, true),
  },
  'partner-events': {
    table: partners,
    id: partners.id,
    lastmod: partners.updatedAt,
    team: partners.teamId,
    where: () => and(eq(partners.preferred, true), isNotNull(partners.teamId), publicTeam),
  },
};

function baseQuery<T extends Record<string, unknown>>(db: Database, source: SourceQuery, fields: T) {
  const query = db
    .select(fields as Record<string, PgColumn | SQL>)
    .from(source.table)
    .$dynamic();
  return source.team ? query.innerJoin(teams, eq(teams.id, source.team)) : query;
}

export async function countSitemapRows(db: Database, source: SitemapTableSource, now: Date): Promise<number> {
  const query = sources[source];
  const [row] = await baseQuery(db, query, { count: count() }).where(query.where(now));
  return Number(row?.count ?? 0);
}

/**
 * A batch of a source's rows in id order, after `after` (keyset: each batch is an index range,
 * however deep into the list), or from `offset` rows in for the first batch of a sitemap page.
 */
export async function listSitemapRows(
  db: Database,
  source: SitemapTableSource,
  { now, after, offset = 0, limit }: { now: Date; after: string | null; offset?: number; limit: number },
): Promise<SitemapRow[]> {
  const query = sources[source];
  const rows = await baseQuery(db, query, {
    id: query.id,
    lastmod: query.lastmod,
    category: query.section?.category ?? sql<null>`null`,
    subcategory: query.section?.subcategory ?? sql<null>`null`,
  })
    .where(and(query.where(now), after ? gt(query.id, after) : undefined))
    .orderBy(asc(query.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({
    id: String(row.id),
    // A computed column (greatest, coalesce) comes back as text from node-postgres.
    lastmod: row.lastmod instanceof Date ? row.lastmod : new Date(String(row.lastmod)),
    category: (row.category as string | null) ?? null,
    subcategory: (row.subcategory as string | null) ?? null,
  }));
}
