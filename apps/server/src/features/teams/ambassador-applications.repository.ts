import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ambassadorApplications } from './teams.schema.ts';

export type AmbassadorApplicationRow = typeof ambassadorApplications.$inferSelect;
export type InboxFilter = 'unhandled' | 'handled' | 'all';

const stateFilter = (state: InboxFilter): SQL | undefined =>
  state === 'all'
    ? undefined
    : state === 'handled'
      ? isNotNull(ambassadorApplications.handledAt)
      : isNull(ambassadorApplications.handledAt);

export async function listApplicationRows(
  db: Database,
  { state, limit }: { state: InboxFilter; limit: number },
): Promise<AmbassadorApplicationRow[]> {
  return db
    .select()
    .from(ambassadorApplications)
    .where(stateFilter(state))
    .orderBy(desc(ambassadorApplications.createdAt), desc(ambassadorApplications.id))
    .limit(limit);
}

export async function findApplicationRow(db: Database, id: string): Promise<AmbassadorApplicationRow | undefined> {
  const [row] = await db.select().from(ambassadorApplications).where(eq(ambassadorApplications.id, id));
  return row;
}

/**
 * Sets or clears handled_at only when it changes: of two admins marking at once, one row comes
 * back (the other finds it already so), so the audit log records the change once.
 */
export async function changeApplicationHandled(
  db: Database,
  { id, handledAt }: { id: string; handledAt: Date | null },
): Promise<AmbassadorApplicationRow | undefined> {
  const [row] = await db
    .update(ambassadorApplications)
    .set({ handledAt })
    .where(
      and(
        eq(ambassadorApplications.id, id),
        handledAt ? isNull(ambassadorApplications.handledAt) : isNotNull(ambassadorApplications.handledAt),
      ),
    )
    .returning();
  return row;
}
