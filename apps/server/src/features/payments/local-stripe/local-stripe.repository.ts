import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { localStripeObjects } from './local-stripe.schema.ts';

export type StripeObject = Record<string, unknown> & { id: string; object: string };

export async function insertObject(db: Database, object: StripeObject): Promise<StripeObject> {
  await db.insert(localStripeObjects).values({ id: object.id, object: object.object, data: object });
  return object;
}

/** Inserts unless the id exists; returns the stored object either way (first writer wins). */
export async function insertObjectOnce(db: Database, object: StripeObject): Promise<StripeObject> {
  await db
    .insert(localStripeObjects)
    .values({ id: object.id, object: object.object, data: object })
    .onConflictDoNothing();
  return (await findObject(db, object.object, object.id)) ?? object;
}

export async function findObject(db: Database, kind: string, id: string): Promise<StripeObject | undefined> {
  const [row] = await db
    .select({ data: localStripeObjects.data })
    .from(localStripeObjects)
    .where(and(eq(localStripeObjects.id, id), eq(localStripeObjects.object, kind)));
  return row?.data as StripeObject | undefined;
}

/**
 * Reads the object under a row lock, lets `change` compute the next version and stores it, in one
 * transaction: two parallel "Pay" presses or refunds of one payment see each other's result.
 * `change` may throw to refuse; nothing is written then. Whatever `change` stores besides goes
 * through the transaction it is given (`tx`), never the pool (decision 058).
 */
export async function updateObject(
  db: Database,
  kind: string,
  id: string,
  change: (current: StripeObject, tx: Database) => StripeObject | Promise<StripeObject>,
): Promise<StripeObject | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ data: localStripeObjects.data })
      .from(localStripeObjects)
      .where(and(eq(localStripeObjects.id, id), eq(localStripeObjects.object, kind)))
      .for('update');
    if (!row) return undefined;
    const next = await change(row.data as StripeObject, tx);
    await tx.update(localStripeObjects).set({ data: next }).where(eq(localStripeObjects.id, id));
    return next;
  });
}

/**
 * Objects of one kind, oldest first, whose top-level fields equal `where` (compared as JSON,
 * so numbers, booleans and strings match as Stripe stores them).
 */
export async function listObjects(
  db: Database,
  kind: string,
  where: Record<string, unknown> = {},
  limit = 100,
): Promise<StripeObject[]> {
  const rows = await db
    .select({ data: localStripeObjects.data })
    .from(localStripeObjects)
    .where(
      and(
        eq(localStripeObjects.object, kind),
        Object.keys(where).length > 0 ? sql`${localStripeObjects.data} @> ${JSON.stringify(where)}::jsonb` : undefined,
      ),
    )
    .orderBy(asc(localStripeObjects.createdAt), asc(localStripeObjects.id))
    .limit(limit);
  return rows.map((row) => row.data as StripeObject);
}
