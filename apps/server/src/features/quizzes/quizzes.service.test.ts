import { findQuiz, quizMessages, scoreQuiz, type QuizResult } from '@huddle/shared/quizzes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { quizResults } from './quizzes.schema.ts';

/** Issue 16: a quiz level saved to the profile, scored on the server, one per sport. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const quiz = findQuiz('pickleball')!;
/** Every question answered with the option at this position (0 lowest, 3 highest). */
const answersAt = (position: number) =>
  Object.fromEntries(quiz.questions.map((question) => [question.id, question.options[position]!.id]));

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const save = (cookie: string, answers: Record<string, string>, quizId = 'pickleball') =>
  call('PUT', `/api/me/quiz-results/${quizId}`, cookie, { answers });
const myResults = async (cookie: string) =>
  (await call('GET', '/api/me/quiz-results', cookie)).json<{ results: QuizResult[] }>().results;

describe('scoring', () => {
  it('spreads the points over the 2.0-5.0 band, lowest to highest', () => {
    expect(scoreQuiz(quiz, answersAt(0))?.level).toBe(2);
    expect(scoreQuiz(quiz, answersAt(3))?.level).toBe(5);
    expect(scoreQuiz(quiz, answersAt(1))?.level).toBe(3);
    expect(scoreQuiz(quiz, answersAt(2))?.level).toBe(4);
    expect(scoreQuiz(quiz, { ...answersAt(3), serve: 'nope' })).toBeUndefined();
  });
});

describe('saving a result', () => {
  it('saves the level the server scores, whatever the browser claims, and shows it only to its owner', async () => {
    const player = await signUpUser(t.app);
    const response = await call('PUT', '/api/me/quiz-results/pickleball', player.cookie, {
      answers: answersAt(2),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<QuizResult>()).toMatchObject({ quizId: 'pickleball', level: 4, answers: answersAt(2) });
    // A level sent along is refused: the body takes answers only.
    const claimed = await call('PUT', '/api/me/quiz-results/pickleball', player.cookie, {
      answers: answersAt(0),
      level: 5,
    });
    expect(claimed.statusCode).toBe(400);
    expect(await myResults(player.cookie)).toMatchObject([{ quizId: 'pickleball', level: 4 }]);
    const other = await signUpUser(t.app);
    expect(await myResults(other.cookie)).toEqual([]);
  });

  it('needs a session to save or read (the quiz page itself is public)', async () => {
    expect((await save('', answersAt(1))).statusCode).toBe(401);
    expect((await call('GET', '/api/me/quiz-results')).statusCode).toBe(401);
  });

  it('names each unanswered or unknown answer, and refuses an unknown quiz', async () => {
    const player = await signUpUser(t.app);
    const { serve: _serve, ...missingServe } = answersAt(1);
    const missing = await save(player.cookie, { ...missingServe, dinks: 'sideways', extra: 'new' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      'answers.serve': [quizMessages.missingAnswer],
      'answers.dinks': [quizMessages.missingAnswer],
      'answers.extra': [quizMessages.unknownQuestion],
    });
    const unknownQuiz = await save(player.cookie, answersAt(1), 'curling');
    expect(unknownQuiz.statusCode).toBe(404);
    expect(unknownQuiz.json().error.message).toBe(quizMessages.unknownQuiz);
    expect(await myResults(player.cookie)).toEqual([]);
  });

  it('keeps one result per sport: a retake replaces it, also when two arrive at once', async () => {
    const player = await signUpUser(t.app);
    const first = (await save(player.cookie, answersAt(0))).json<QuizResult>();
    const retake = (await save(player.cookie, answersAt(3))).json<QuizResult>();
    expect(retake.level).toBe(5);
    expect(Date.parse(retake.takenAt)).toBeGreaterThanOrEqual(Date.parse(first.takenAt));
    expect(await myResults(player.cookie)).toMatchObject([{ quizId: 'pickleball', level: 5 }]);

    const both = await Promise.all([save(player.cookie, answersAt(1)), save(player.cookie, answersAt(2))]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    const results = await myResults(player.cookie);
    expect(results).toHaveLength(1);
    expect([3, 4]).toContain(results[0]!.level);
  });

  it('goes with the account when it is deleted', async () => {
    const player = await signUpUser(t.app);
    await save(player.cookie, answersAt(1));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: player.cookie },
      payload: { confirm: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const rows = await t.db.select().from(quizResults).where(eq(quizResults.userId, player.user.id));
    expect(rows).toEqual([]);
  });
});

describe('the level on the public profile (decision 054)', () => {
  const profileOf = (userId: string, cookie = '') =>
    call('GET', `/api/users/${userId}/profile`, cookie).then((reply) => reply.json());

  it('shows each sport’s level to anyone, the answers never, and nothing to a viewer the player blocked', async () => {
    const player = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    expect((await profileOf(player.user.id)).skillLevels).toEqual([]);
    expect((await save(player.cookie, answersAt(2))).statusCode).toBe(200);
    const levels = [{ quizId: 'pickleball', gameType: 'Pickleball', level: 4 }];
    expect((await profileOf(player.user.id)).skillLevels).toEqual(levels);
    expect((await profileOf(player.user.id, viewer.cookie)).skillLevels).toEqual(levels);
    expect(JSON.stringify(await profileOf(player.user.id))).not.toContain('answers');

    const block = await call('POST', '/api/me/blocked-users', player.cookie, { userId: viewer.user.id });
    expect(block.statusCode).toBe(200);
    expect((await profileOf(player.user.id, viewer.cookie)).skillLevels).toEqual([]);
    expect((await profileOf(player.user.id)).skillLevels).toEqual(levels);
  });
});
