import { badgeEndpoints } from '@huddle/shared/badges';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { getMyBadges } from './badges.service.ts';

/** Decision 064: the owner's own badges; others see them on the public profile (profiles routes). */
export function registerBadgeRoutes(app: FastifyInstance, { db, auth, clock, config }: AppDeps): void {
  registerEndpoint(app, badgeEndpoints.myBadges, async ({ request }) =>
    getMyBadges(
      { db, clock, flagDefaults: config.flagDefaults },
      { actorId: await requireSessionUserId(auth, request) },
    ),
  );
}
