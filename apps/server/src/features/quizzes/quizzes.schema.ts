import { sql } from 'drizzle-orm';
import { check, doublePrecision, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/**
 * Issue 16, quizzes: a player's level from a sport's skill quiz, one row per person and quiz
 * (retaking replaces it). The level is scored on the server from the answers, which are kept so
 * a changed quiz can be told apart later.
 */
export const quizResults = pgTable(
  'quiz_results',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: text('quiz_id').notNull(),
    level: doublePrecision('level').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.quizId] }),
    check('quiz_results_level_check', sql`${table.level} between 1 and 10`),
  ],
);
