import { healthEndpoints } from '@huddle/shared/health';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { pingDatabase } from './health.repository.ts';

export function registerHealthRoutes(app: FastifyInstance, { db, readiness }: AppDeps): void {
  registerEndpoint(app, healthEndpoints.getHealth, async () => {
    // A failing query throws; the error handler answers 500 and the load balancer stops sending traffic.
    await pingDatabase(db);
    return { status: 'ok' as const, database: 'ok' as const };
  });

  registerEndpoint(app, healthEndpoints.getReadiness, async ({ reply }) => {
    if (readiness.state !== 'serving') {
      // Told apart in the header, so an operator's curl sees why; the body keeps the one error shape.
      reply.header('x-huddle-state', readiness.state).header('retry-after', '5');
      throw new AppError('UNAVAILABLE');
    }
    await pingDatabase(db);
    return { status: 'ready' as const };
  });
}
