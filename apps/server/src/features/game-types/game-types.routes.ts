import { profileEndpoints } from '@huddle/shared/profiles';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { listGameTypes } from './game-types.service.ts';

export function registerGameTypeRoutes(app: FastifyInstance, { db }: AppDeps): void {
  registerEndpoint(app, profileEndpoints.listGameTypes, async () => listGameTypes(db));
}
