import { postEndpoints } from '@huddle/shared/posts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  replyToPost,
  reportPost,
  updatePost,
  type PostDeps,
} from './posts.service.ts';

/**
 * Writes per person (by address when signed out, which then fails with 401), each route counted
 * on its own: enough for an active member, too few to flood the board or the admin queue.
 */
function perPersonLimit(auth: AppDeps['auth'], max: number, timeWindow: string) {
  return {
    config: {
      rateLimit: {
        hook: 'preHandler' as const,
        max,
        timeWindow,
        keyGenerator: async (request: FastifyRequest) => (await findSessionUserId(auth, request)) ?? request.ip,
      },
    },
  };
}

/** Issue 16: the post board. Reading is public (spec §6); writing needs a session. */
export function registerPostRoutes(app: FastifyInstance, { db, auth, storage, clock }: AppDeps): void {
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const viewer = (request: FastifyRequest) => findSessionUserId(auth, request);
  const deps: PostDeps = { db, storage, clock };

  registerEndpoint(app, postEndpoints.list, async ({ request, query }) =>
    listPosts(db, { viewerId: await viewer(request), query }),
  );
  registerEndpoint(app, postEndpoints.get, async ({ request, params }) =>
    getPost(db, { viewerId: await viewer(request), postId: params.postId }),
  );
  registerEndpoint(
    app,
    postEndpoints.create,
    async ({ request, body }) => createPost(deps, { actorId: await actor(request), body }),
    perPersonLimit(auth, 10, '10 minutes'),
  );
  registerEndpoint(app, postEndpoints.update, async ({ request, params, body }) =>
    updatePost(deps, { actorId: await actor(request), postId: params.postId, body }),
  );
  registerEndpoint(app, postEndpoints.remove, async ({ request, params }) => {
    await deletePost(deps, { actorId: await actor(request), postId: params.postId });
    return { ok: true as const };
  });
  registerEndpoint(
    app,
    postEndpoints.reply,
    async ({ request, params, body }) =>
      replyToPost(db, { actorId: await actor(request), postId: params.postId, body }),
    perPersonLimit(auth, 30, '1 minute'),
  );
  registerEndpoint(
    app,
    postEndpoints.report,
    async ({ request, params, body }) => reportPost(db, { actorId: await actor(request), postId: params.postId, body }),
    perPersonLimit(auth, 20, '10 minutes'),
  );
}
