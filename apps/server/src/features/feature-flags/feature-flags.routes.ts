import { profileEndpoints } from '@huddle/shared/profiles';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { getFlags } from './feature-flags.service.ts';

export function registerFeatureFlagRoutes(app: FastifyInstance, { db, config, payments }: AppDeps): void {
  registerEndpoint(app, profileEndpoints.getPublicConfig, async ({ reply }) => {
    // The web app polls this; a short shared cache keeps the load flat.
    reply.header('cache-control', 'public, max-age=10');
    return {
      flags: await getFlags(db, config.flagDefaults),
      socialProviders: config.socialProviders.map((provider) => provider.id),
      mapTiles: config.mapTiles ?? null,
      platform: config.platform,
      paymentsMode: payments.mode,
    };
  });
}
