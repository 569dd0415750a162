import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { feedback } from './profiles.schema.ts';

export type InboxFilter = 'unhandled' | 'handled' | 'all';

const stateFilter = (state: InboxFilter): SQL | undefined =>
  state === 'all' ? undefined : state === 'handled' ? isNotNull(feedback.handledAt) : isNull(feedback.handledAt);

const columns = {
  feedback,
  userName: users.name,
  userEmail: users.email,
};

export type FeedbackWithAuthor = {
  feedback: typeof feedback.$inferSelect;
  userName: string | null;
  userEmail: string | null;
};

/** Newest first, with who sent it (null once the account is gone). */
export async function listFeedbackRows(
  db: Database,
  { state, limit }: { state: InboxFilter; limit: number },
): Promise<FeedbackWithAuthor[]> {
  return db
    .select(columns)
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(stateFilter(state))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit);
}

export async function findFeedbackRow(db: Database, id: string): Promise<FeedbackWithAuthor | undefined> {
  const [row] = await db
    .select(columns)
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.id, id));
  return row;
}

/** Sets or clears handled_at only when it changes (as for ambassador applications): true when it did. */
export async function changeFeedbackHandled(
  db: Database,
  { id, handledAt }: { id: string; handledAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(feedback)
    .set({ handledAt })
    .where(and(eq(feedback.id, id), handledAt ? isNull(feedback.handledAt) : isNotNull(feedback.handledAt)))
    .returning({ id: feedback.id });
  return rows.length > 0;
}
