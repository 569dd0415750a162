import { quizEndpoints } from '@huddle/shared/quizzes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { listMyQuizResults, saveQuizResult } from './quizzes.service.ts';

/** Issue 16: the quizzes are public pages (spec §6); keeping a level needs a session. */
export function registerQuizRoutes(app: FastifyInstance, { db, auth, clock }: AppDeps): void {
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  registerEndpoint(app, quizEndpoints.myResults, async ({ request }) => ({
    results: await listMyQuizResults(db, { actorId: await actor(request) }),
  }));
  registerEndpoint(app, quizEndpoints.save, async ({ request, params, body }) =>
    saveQuizResult({ db, clock }, { actorId: await actor(request), quizId: params.quizId, answers: body.answers }),
  );
}
