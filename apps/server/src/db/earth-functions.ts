import type pg from 'pg';

/**
 * PostgreSQL 15's earthdistance (1.1) writes `ll_to_earth` with unqualified names (`cube`,
 * `earth`). Autovacuum analyzes with a search_path of pg_catalog alone, so on every table with an
 * index on `ll_to_earth(lat, lng)` (events, places, users, posts, partners) its ANALYZE failed with
 * `type "earth" does not exist`, every minute, and those tables were never analyzed by autovacuum:
 * their plans rest on whatever statistics were last gathered by hand. Newer releases fix it in the
 * extension; here the function is replaced by the same body with schema-qualified names (still
 * inlinable, still IMMUTABLE, still the extension's member, so the indexes and the queries that use
 * them are unchanged). pg_dump does not carry the replacement, so it is checked at every migration
 * run. Tested by db/earth-functions.test.ts (ANALYZE with search_path = pg_catalog).
 */
export async function qualifyEarthFunctions(client: Pick<pg.Client, 'query'>): Promise<'qualified' | 'unchanged'> {
  const found = await client.query<{ earth_schema: string; cube_schema: string; source: string; atomic: boolean }>(
    `select n.nspname as earth_schema, c.nspname as cube_schema, p.prosrc as source,
            p.prosqlbody is not null as atomic
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_extension e on e.extname = 'earthdistance' and e.extnamespace = p.pronamespace
       join pg_extension ce on ce.extname = 'cube'
       join pg_namespace c on c.oid = ce.extnamespace
      where p.proname = 'll_to_earth'`,
  );
  const row = found.rows[0];
  // No earthdistance, a body bound at creation (SQL-standard), or one that names its schemas.
  const unqualified = row !== undefined && /(^|[^.\w])cube\s*\(/i.test(row.source);
  if (!row || row.atomic || !unqualified) return 'unchanged';
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const earth = quote(row.earth_schema);
  const cube = quote(row.cube_schema);
  await client.query(
    `create or replace function ${earth}.ll_to_earth(float8, float8) returns ${earth}.earth
       language sql immutable strict parallel safe
       as $body$select ${cube}.cube(${cube}.cube(${cube}.cube(${earth}.earth()*pg_catalog.cos(pg_catalog.radians($1))*pg_catalog.cos(pg_catalog.radians($2))),${earth}.earth()*pg_catalog.cos(pg_catalog.radians($1))*pg_catalog.sin(pg_catalog.radians($2))),${earth}.earth()*pg_catalog.sin(pg_catalog.radians($1)))::${earth}.earth$body$`,
  );
  return 'qualified';
}
