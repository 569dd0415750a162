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
      // Third parties never run for a server in development (spec §7); elsewhere only when configured.
      analytics: config.env === 'development' ? null : (config.analytics ?? null),
      errorReporting:
        config.env === 'development' || !config.errorReporting.webDsn
          ? null
          : { dsn: config.errorReporting.webDsn, environment: config.errorReporting.environment },
    };
  });
}
