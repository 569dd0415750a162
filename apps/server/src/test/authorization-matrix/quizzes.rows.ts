import { findQuiz } from '@huddle/shared/quizzes';
import { signedIn, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 16: the quiz pages are public (spec §6) and need no API; a level is saved to, and read
// from, the signed-in person's own profile only, so there is no one else's to reach.
const quiz = findQuiz('pickleball')!;
const answers = Object.fromEntries(quiz.questions.map((question) => [question.id, question.options[1]!.id]));

export const quizRows: MatrixRow[] = [
  { route: 'GET /api/me/quiz-results', expect: signedIn(200) },
  {
    route: 'PUT /api/me/quiz-results/{quizId}',
    call: () => ({ params: { quizId: 'pickleball' }, payload: { answers } }),
    expect: signedIn(200),
  },
];
