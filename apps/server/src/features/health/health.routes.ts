import { healthEndpoints } from '@huddle/shared/health';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { pingDatabase } from './health.repository.ts';

export function registerHealthRoutes(app: FastifyInstance, { db }: AppDeps): void {
  registerEndpoint(app, healthEndpoints.getHealth, async () => {
    // A failing query throws; the error handler answers 500 and the load balancer stops sending traffic.
    await pingDatabase(db);
    return { status: 'ok' as const, database: 'ok' as const };
  });
}
