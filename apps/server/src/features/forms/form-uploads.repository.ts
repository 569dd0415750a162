import { and, asc, count, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { formFileDeletions, formUploads } from './forms.schema.ts';

export type FormUploadRow = typeof formUploads.$inferSelect;

export async function insertFormUpload(db: Database, values: typeof formUploads.$inferInsert): Promise<FormUploadRow> {
  const [row] = await db.insert(formUploads).values(values).returning();
  if (!row) throw new Error('upload insert returned nothing');
  return row;
}

export async function findFormUpload(db: Database, formId: string, uploadId: string) {
  const [row] = await db
    .select()
    .from(formUploads)
    .where(and(eq(formUploads.formId, formId), eq(formUploads.id, uploadId)));
  return row;
}

/** Files of one filling not yet sent with a submission. */
export async function countPendingUploads(db: Database, formId: string, clientId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(formUploads)
    .where(and(eq(formUploads.formId, formId), eq(formUploads.clientId, clientId), isNull(formUploads.submissionId)));
  return row?.total ?? 0;
}

export async function findUploadsByIds(db: Database, uploadIds: string[]): Promise<FormUploadRow[]> {
  if (uploadIds.length === 0) return [];
  return db.select().from(formUploads).where(inArray(formUploads.id, uploadIds));
}

/** Claims the files for a submission; only unclaimed ones, so a file goes with one submission. */
export async function claimUploads(db: Database, uploadIds: string[], submissionId: string): Promise<number> {
  if (uploadIds.length === 0) return 0;
  const claimed = await db
    .update(formUploads)
    .set({ submissionId })
    .where(and(inArray(formUploads.id, uploadIds), isNull(formUploads.submissionId)))
    .returning({ id: formUploads.id });
  return claimed.length;
}

export async function uploadsOfSubmissions(db: Database, submissionIds: string[]): Promise<FormUploadRow[]> {
  if (submissionIds.length === 0) return [];
  return db.select().from(formUploads).where(inArray(formUploads.submissionId, submissionIds));
}

/** Unclaimed uploads made before `before`, a batch at a time. */
export async function findOrphanUploads(db: Database, before: Date, limit: number) {
  return db
    .select({ id: formUploads.id, storageKey: formUploads.storageKey })
    .from(formUploads)
    .where(and(isNull(formUploads.submissionId), lt(formUploads.createdAt, before)))
    .limit(limit);
}

/** Deletes the rows, unless a submission claimed one meanwhile. */
export async function deleteOrphanUploads(db: Database, uploadIds: string[]) {
  if (uploadIds.length === 0) return [];
  return db
    .delete(formUploads)
    .where(and(inArray(formUploads.id, uploadIds), isNull(formUploads.submissionId)))
    .returning({ id: formUploads.id, storageKey: formUploads.storageKey });
}

/** The storage keys of every file sent to a form, claimed or not. */
export async function storageKeysOfForm(db: Database, formId: string): Promise<string[]> {
  const rows = await db
    .select({ storageKey: formUploads.storageKey })
    .from(formUploads)
    .where(eq(formUploads.formId, formId));
  return rows.map((row) => row.storageKey);
}

/** Queued deletions, oldest first, a batch at a time. */
export async function findQueuedFileDeletions(db: Database, limit: number, storageKeys?: string[]) {
  return db
    .select({ storageKey: formFileDeletions.storageKey })
    .from(formFileDeletions)
    .where(storageKeys ? inArray(formFileDeletions.storageKey, storageKeys) : undefined)
    .orderBy(asc(formFileDeletions.createdAt))
    .limit(limit);
}

export async function forgetFileDeletion(db: Database, storageKey: string) {
  await db.delete(formFileDeletions).where(eq(formFileDeletions.storageKey, storageKey));
}
