import { profileEndpoints } from '@huddle/shared/profiles';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { searchUsCities } from './us-cities.ts';

export function registerPlaceRoutes(app: FastifyInstance): void {
  registerEndpoint(app, profileEndpoints.searchUsCities, async ({ query }) => ({ cities: searchUsCities(query.q) }));
}
