import { asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  customDomainHandOffs,
  customDomains,
  type CustomDomainHandOffRow,
  type CustomDomainRow,
} from './custom-domains.schema.ts';

export async function listDomainsOfWebsite(db: Database, websiteId: string): Promise<CustomDomainRow[]> {
  return db
    .select()
    .from(customDomains)
    .where(eq(customDomains.websiteId, websiteId))
    .orderBy(asc(customDomains.createdAt));
}

/**
 * Adds a domain unless the website already has `limit` of them or another website holds the name.
 * The website's rows are counted under a lock of that website (two adds at once count in turn);
 * the name's uniqueness is the unique index's (two organizers racing: one insert, one conflict).
 */
export async function insertDomain(
  db: Database,
  values: { websiteId: string; domain: string; token: string; addedBy: string },
  limit: number,
): Promise<CustomDomainRow | 'taken' | 'too-many'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`custom-domains:${values.websiteId}`}))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(customDomains)
      .where(eq(customDomains.websiteId, values.websiteId));
    if ((existing?.n ?? 0) >= limit) return 'too-many' as const;
    const [row] = await tx
      .insert(customDomains)
      .values(values)
      .onConflictDoNothing({ target: customDomains.domain })
      .returning();
    return row ?? ('taken' as const);
  });
}

export async function findDomainById(db: Database, id: string): Promise<CustomDomainRow | undefined> {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.id, id));
  return row;
}

export async function findDomainByName(db: Database, domain: string): Promise<CustomDomainRow | undefined> {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.domain, domain));
  return row;
}

export async function saveCheckResult(
  db: Database,
  id: string,
  result: Pick<CustomDomainRow, 'state' | 'failureReason' | 'checkedAt' | 'verifiedAt'>,
): Promise<CustomDomainRow | undefined> {
  const [row] = await db.update(customDomains).set(result).where(eq(customDomains.id, id)).returning();
  return row;
}

export async function deleteDomain(db: Database, id: string): Promise<void> {
  await db.delete(customDomains).where(eq(customDomains.id, id));
}

/** The domains whose last check is older than `before` (or never ran), oldest first. */
export async function domainsDueForCheck(db: Database, before: Date, limit: number): Promise<CustomDomainRow[]> {
  return db
    .select()
    .from(customDomains)
    .where(or(isNull(customDomains.checkedAt), lt(customDomains.checkedAt, before)))
    .orderBy(sql`${customDomains.checkedAt} asc nulls first`)
    .limit(limit);
}

/** Stores a hand-off, and in the same transaction drops the ones that expired (each lives a minute). */
export async function insertHandOff(
  db: Database,
  values: Pick<CustomDomainHandOffRow, 'tokenHash' | 'userId' | 'domainId' | 'path' | 'expiresAt'>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(customDomainHandOffs).where(lt(customDomainHandOffs.expiresAt, now));
    await tx.insert(customDomainHandOffs).values(values);
  });
}

/**
 * Takes a hand-off out of the table: one statement, so of any number of redeems at once exactly
 * one gets the row and every other (and every replay) gets nothing.
 */
export async function takeHandOff(db: Database, tokenHash: string): Promise<CustomDomainHandOffRow | undefined> {
  const [row] = await db.delete(customDomainHandOffs).where(eq(customDomainHandOffs.tokenHash, tokenHash)).returning();
  return row;
}
