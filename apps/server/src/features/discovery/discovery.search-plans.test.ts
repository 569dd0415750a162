import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { createTestDatabase, createTestPool, type TestDatabase } from '../../test/test-database.ts';
import { fullSearch } from './discovery.service.ts';

/**
 * Full-search must stay index-bound (decision 071): at 1,000,000 events one sequential scan of
 * events or users costs seconds. Every query a search sends is recorded, then planned again on a
 * connection where sequential scans are priced out (enable_seqscan off): a plan that still scans
 * a table whole has no index that serves it, which is the regression this catches. No timing.
 */

let database: TestDatabase;
let recorder: pg.Pool;
let planner: pg.Pool;
const sent: { query: string; params: unknown[] }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // A few hundred rows like bench:nearby's, so the plans are those of a table with contents.
  await database.db.execute(sql`
    insert into users (id, email, name, has_additional_info, default_city_name, default_city_lat, default_city_lng, default_city_geohash)
    select 'plan-player-' || g, 'plan' || g || '@plans.test', 'Player ' || g, true, 'Somewhere, US', 30, -97, ''
    from generate_series(1, 200) g`);
  await database.db.execute(sql`
    insert into places (name, address, lat, lng, geohash, created_by)
    select case when g % 10 = 0 then 'Zilker Park Field ' || g else 'Court ' || g end, g || ' Main St', 30, -97, '', 'plan-player-1'
    from generate_series(1, 100) g`);
  await database.db.execute(sql`
    insert into events (creator_id, place_id, lat, lng, geohash, title, game_type, time_zone, starts_at, ends_at, series_ends_at, slots, visibility)
    select 'plan-player-1', p.id, p.lat, p.lng, '', 'Pickup game ' || g, case when g % 2 = 0 then 'Soccer' else 'Basketball' end,
           'America/Chicago', now() + g * interval '1 hour', now() + g * interval '1 hour' + interval '2 hours',
           now() + g * interval '1 hour' + interval '2 hours', 10, 'public'
    from generate_series(1, 1000) g
    join (select id, lat, lng, row_number() over () as n from places) p on p.n = 1 + g % 100`);
  await database.db.execute(sql`analyze`);

  recorder = createTestPool({ connectionString: database.url, max: 4 });
  planner = createTestPool({ connectionString: database.url, max: 1, options: '-c enable_seqscan=off' });
});

afterAll(async () => {
  await recorder?.end();
  await planner?.end();
  await database?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const tablesScannedWhole = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(tablesScannedWhole),
];

describe('full-search query plans', () => {
  it.each(['soccer', 'zilk', 'basketbal', 'court 77', 'pickup game 424', 'Zílker Párk', 'player 42'])(
    'read events, users, places and teams through indexes for "%s"',
    async (text) => {
      sent.length = 0;
      const db = drizzle({
        client: recorder,
        schema,
        casing: 'snake_case',
        logger: { logQuery: (query, params) => sent.push({ query, params }) },
      });
      const found = await fullSearch(db, { now: () => new Date() }, { viewerId: undefined, text, limit: 10 });
      expect(found.events.length + found.places.length + found.players.length).toBeGreaterThan(0);
      expect(sent.length).toBeGreaterThan(3);

      const scannedWhole: string[] = [];
      for (const { query, params } of sent) {
        const { rows } = await planner.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `explain (format json) ${query}`,
          params,
        );
        const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
        if (!plan) throw new Error(`no plan for ${query}`);
        scannedWhole.push(
          ...tablesScannedWhole(plan)
            .filter((table) => ['events', 'users', 'places', 'teams'].includes(table))
            .map((table) => `${table} in: ${query}`),
        );
      }
      expect(scannedWhole).toEqual([]);
    },
  );
});
