import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promotions } from './promotions.schema.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionFields = Omit<typeof promotions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Active, started and not ended at `now`; of several, the latest start (promotions_current_idx). */
export async function findCurrentPromotionRow(db: Database, now: Date): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.active, true), lte(promotions.startsAt, now), gt(promotions.endsAt, now)))
    .orderBy(desc(promotions.startsAt), desc(promotions.createdAt))
    .limit(1);
  return row;
}

export async function listPromotionRows(db: Database, limit: number): Promise<PromotionRow[]> {
  return db.select().from(promotions).orderBy(desc(promotions.startsAt), desc(promotions.createdAt)).limit(limit);
}

export async function findPromotionRow(db: Database, promotionId: string): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, promotionId));
  return row;
}

export async function insertPromotion(db: Database, fields: PromotionFields): Promise<PromotionRow> {
  const [row] = await db.insert(promotions).values(fields).returning();
  if (!row) throw new Error('promotion insert returned nothing');
  return row;
}

export async function updatePromotionRow(db: Database, promotionId: string, fields: PromotionFields, now: Date) {
  const [row] = await db
    .update(promotions)
    .set({ ...fields, updatedAt: now })
    .where(eq(promotions.id, promotionId))
    .returning();
  return row;
}

export async function deletePromotionRow(db: Database, promotionId: string): Promise<PromotionRow | undefined> {
  const [row] = await db.delete(promotions).where(eq(promotions.id, promotionId)).returning();
  return row;
}
