import { profileEndpoints } from '@huddle/shared/profiles';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { getCurrentPromotion } from '../promotions/promotions.service.ts';
import { getFlags } from './feature-flags.service.ts';

export function registerFeatureFlagRoutes(app: FastifyInstance, { db, config, payments, clock }: AppDeps): void {
  registerEndpoint(app, profileEndpoints.getPublicConfig, async ({ reply }) => {
    // The web app polls this; a short shared cache keeps the load flat.
    reply.header('cache-control', 'public, max-age=10');
    const [flags, promotion] = await Promise.all([
      getFlags(db, config.flagDefaults),
      getCurrentPromotion(db, clock.now()),
    ]);
    return {
      flags,
      socialProviders: config.socialProviders.map((provider) => provider.id),
      mapTiles: config.mapTiles ?? null,
      platform: config.platform,
      paymentsMode: payments.mode,
      // Home's sale banner comes with the config it already reads: no request of its own (issue 11).
      promotion,
      // Third parties never run for a server in development (spec §7); elsewhere only when configured.
      analytics: config.env === 'development' ? null : (config.analytics ?? null),
      errorReporting:
        config.env === 'development' || !config.errorReporting.webDsn
          ? null
          : {
              dsn: config.errorReporting.webDsn,
              environment: config.errorReporting.environment,
              release: config.errorReporting.release ?? null,
            },
    };
  });
}
