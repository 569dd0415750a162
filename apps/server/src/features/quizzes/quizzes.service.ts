import { findQuiz, quizMessages, scoreQuiz, type QuizAnswers, type QuizResult } from '@huddle/shared/quizzes';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { listQuizResultRows, upsertQuizResult, type QuizResultRow } from './quizzes.repository.ts';

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
