import type { FastifyRequest } from 'fastify';
import type { Auth } from './auth.ts';
import { findSessionUserId } from './session.ts';

/**
 * The limit on anonymous guest writes (issue 10; decisions 007 and 010): a guest joins a game or
 * registers for a season without an account, and Huddle mails the address given, so each such
 * route allows a few per client address in ten minutes (GUEST_RATE_LIMIT_MAX, 5): enough for one person, too few to fill
 * games, probe emails or mail strangers. Each route counts on its own (@fastify/rate-limit keys
 * by route and address, in Redis when REDIS_URL is set). Counted after the body is parsed, and
 * only for requests that act as a guest: a `guest` in the body and no session. A signed-in
 * person acts as themself whatever the body says, and is not limited.
 */
export function guestRateLimit(auth: Auth, max: number) {
  return {
    config: {
      rateLimit: {
        hook: 'preHandler' as const,
        max,
        timeWindow: '10 minutes',
        allowList: async (request: FastifyRequest) =>
          !(request.body as { guest?: unknown } | undefined)?.guest ||
          (await findSessionUserId(auth, request)) !== undefined,
      },
    },
  };
}
