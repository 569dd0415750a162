import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { qualifyEarthFunctions } from './earth-functions.ts';

let database: TestDatabase;
let client: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await database.close();
});

/** What autovacuum does: ANALYZE with only pg_catalog on the search_path. */
async function analyzeAsAutovacuum(table: string): Promise<string> {
  await client.query('set search_path = pg_catalog');
  try {
    await client.query(`analyze public.${table}`);
    return 'analyzed';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.query('reset search_path');
  }
}

describe('ll_to_earth for autovacuum', () => {
  it('lets autovacuum analyze the tables indexed on it, where PostgreSQL 15 ships it unqualified', async () => {
    // The migrations qualified it already: every geo-indexed table analyzes as autovacuum would.
    for (const table of ['events', 'places', 'users', 'posts', 'partners']) {
      expect(await analyzeAsAutovacuum(table)).toBe('analyzed');
    }
    // PostgreSQL 15's earthdistance 1.1 body, as a backup restored there would bring back.
    await client.query(
      `create or replace function public.ll_to_earth(float8, float8) returns public.earth
         language sql immutable strict parallel safe
         as 'SELECT cube(cube(cube(earth()*cos(radians($1))*cos(radians($2))),earth()*cos(radians($1))*sin(radians($2))),earth()*sin(radians($1)))::earth'`,
    );
    expect(await analyzeAsAutovacuum('events')).toBe('type "earth" does not exist');

    expect(await qualifyEarthFunctions(client)).toBe('qualified');
    expect(await analyzeAsAutovacuum('events')).toBe('analyzed');
    expect(await qualifyEarthFunctions(client)).toBe('unchanged');

    // Still the extension's own function, and the nearby index still serves a radius search.
    const member = await client.query(
      `select count(*)::int as n from pg_depend d join pg_extension e on e.oid = d.refobjid
        where d.objid = 'public.ll_to_earth(float8, float8)'::regprocedure and e.extname = 'earthdistance'`,
    );
    expect(member.rows[0].n).toBe(1);
    await client.query('set enable_seqscan = off');
    const plan = await client.query(
      `explain select id from places where earth_box(ll_to_earth(30.27, -97.74), 5000) @> ll_to_earth(lat, lng)`,
    );
    await client.query('reset enable_seqscan');
    expect(plan.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n')).toMatch(/Index|Bitmap/);
  });
});
