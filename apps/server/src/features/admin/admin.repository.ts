import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adminAuditLog } from './admin.schema.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;

export async function insertAuditRow(db: Database, row: NewAuditRow): Promise<void> {
  await db.insert(adminAuditLog).values(row);
}

export async function listAuditRows(db: Database, limit: number): Promise<AuditRow[]> {
  return db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(limit);
}
