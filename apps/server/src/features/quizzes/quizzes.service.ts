import { quizLevelOnScale } from '@huddle/shared/fair-teams';
import { findQuiz, quizMessages, quizzes, scoreQuiz, type QuizAnswers, type QuizResult } from '@huddle/shared/quizzes';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  listQuizResultRows,
  listQuizResultRowsOf,
  upsertQuizResult,
  type QuizResultRow,
} from './quizzes.repository.ts';

function toReply(row: QuizResultRow): QuizResult {
  return { quizId: row.quizId, level: row.level, answers: row.answers, takenAt: row.takenAt.toISOString() };
}

/**
 * Issue 16: saves the signed-in person's level for a quiz, scored here from their answers (the
 * browser's own score is never trusted), replacing the one they had for that sport.
 */
export async function saveQuizResult(
  { db, clock }: { db: Database; clock: Clock },
  { actorId, quizId, answers }: { actorId: string; quizId: string; answers: QuizAnswers },
): Promise<QuizResult> {
  const quiz = findQuiz(quizId);
  if (!quiz) throw new AppError('NOT_FOUND', quizMessages.unknownQuiz);
  const fields: Record<string, string[]> = {};
  for (const question of quiz.questions) {
    const answer = answers[question.id];
    if (!question.options.some((option) => option.id === answer)) {
      fields[`answers.${question.id}`] = [quizMessages.missingAnswer];
    }
  }
  const unknown = Object.keys(answers).filter((id) => !quiz.questions.some((question) => question.id === id));
  for (const id of unknown) fields[`answers.${id}`] = [quizMessages.unknownQuestion];
  const level = scoreQuiz(quiz, answers);
  if (Object.keys(fields).length > 0 || !level) throw new AppError('VALIDATION_FAILED', undefined, fields);
  const row = await upsertQuizResult(db, {
    userId: actorId,
    quizId,
    level: level.level,
    answers,
    takenAt: clock.now(),
  });
  return toReply(row);
}

export async function listMyQuizResults(db: Database, { actorId }: { actorId: string }): Promise<QuizResult[]> {
  return (await listQuizResultRows(db, actorId)).map(toReply);
}

/**
 * The player's levels as their public profile shows them (decision 054): one per sport, named by
 * the quiz's game type; a result of a quiz no longer offered is left out.
 */
export async function listPublicQuizLevels(
  db: Database,
  userId: string,
): Promise<{ quizId: string; gameType: string; level: number }[]> {
  return (await listQuizResultRows(db, userId)).flatMap((row) => {
    const quiz = findQuiz(row.quizId);
    return quiz ? [{ quizId: row.quizId, gameType: quiz.gameType, level: row.level }] : [];
  });
}

/** The player's levels with when they were reached, for the quiz badge (decision 064); quizzes still offered only. */
export async function listQuizLevelTimes(db: Database, userId: string): Promise<{ level: number; takenAt: Date }[]> {
  return (await listQuizResultRows(db, userId)).flatMap((row) =>
    findQuiz(row.quizId) ? [{ level: row.level, takenAt: row.takenAt }] : [],
  );
}

/**
 * Each player's level from the quiz of a game type, on Huddle's 1-5 scale (fair teams, decision
 * 077); players without one are left out. No quiz for the game type: an empty map.
 */
export async function listQuizLevelsOnScale(
  db: Database,
  { userIds, gameType }: { userIds: readonly string[]; gameType: string },
): Promise<Map<string, number>> {
  const sportQuizzes = quizzes.filter((quiz) => quiz.gameType === gameType);
  const rows = await listQuizResultRowsOf(
    db,
    userIds,
    sportQuizzes.map((quiz) => quiz.id),
  );
  const levels = new Map<string, number>();
  for (const row of rows) {
    const quiz = sportQuizzes.find((candidate) => candidate.id === row.quizId);
    const band = quiz && { lowest: quiz.levels[0]?.level ?? 0, highest: quiz.levels.at(-1)?.level ?? 0 };
    if (band) levels.set(row.userId, quizLevelOnScale(row.level, band));
  }
  return levels;
}
