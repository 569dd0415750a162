import type { QuizAnswers } from '@huddle/shared/quizzes';

/**
 * A signed-out player's answers, kept in this tab while they sign in (the sign-in pages are their
 * own document, decision 023), so the quiz page saves them on return instead of asking again.
 */
const keyFor = (quizId: string) => `huddle.quiz.${quizId}`;

export function keepPendingAnswers(quizId: string, answers: QuizAnswers): void {
  try {
    sessionStorage.setItem(keyFor(quizId), JSON.stringify(answers));
  } catch {
    // No storage (private mode): the player answers again after signing in.
  }
}

export function clearPendingAnswers(quizId: string): void {
  try {
    sessionStorage.removeItem(keyFor(quizId));
  } catch {
    // Nothing was kept.
  }
}

/** The kept answers (the server checks them when they are saved). */
export function readPendingAnswers(quizId: string): QuizAnswers | null {
  try {
    const stored = sessionStorage.getItem(keyFor(quizId));
    if (!stored) return null;
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    return Object.fromEntries(entries);
  } catch {
    return null;
  }
}
