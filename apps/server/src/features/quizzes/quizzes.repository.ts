import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { quizResults } from './quizzes.schema.ts';

export type QuizResultRow = typeof quizResults.$inferSelect;

/** One result per person and quiz: a retake overwrites it in one statement, so two at once leave one row. */
export async function upsertQuizResult(
  db: Database,
  values: { userId: string; quizId: string; level: number; answers: Record<string, string>; takenAt: Date },
): Promise<QuizResultRow> {
  const [row] = await db
    .insert(quizResults)
    .values(values)
    .onConflictDoUpdate({
      target: [quizResults.userId, quizResults.quizId],
      set: { level: values.level, answers: values.answers, takenAt: values.takenAt },
    })
    .returning();
  return row!;
}

export async function listQuizResultRows(db: Database, userId: string): Promise<QuizResultRow[]> {
  return db.select().from(quizResults).where(eq(quizResults.userId, userId)).orderBy(asc(quizResults.quizId));
}

/** The results of these players in these quizzes (fair teams: one sport's quiz, everyone on a date). */
export async function listQuizResultRowsOf(
  db: Database,
  userIds: readonly string[],
  quizIds: readonly string[],
): Promise<QuizResultRow[]> {
  if (userIds.length === 0 || quizIds.length === 0) return [];
  return db
    .select()
    .from(quizResults)
    .where(and(inArray(quizResults.userId, [...userIds]), inArray(quizResults.quizId, [...quizIds])));
}
