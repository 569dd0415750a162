import { customDomainEndpoints, customDomainMessages } from '@huddle/shared/custom-domains';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import {
  addDomain,
  checkDomainNow,
  isVerifiedDomain,
  listDomains,
  recheckDueDomains,
  removeDomain,
} from './custom-domains.service.ts';

export const recheckDomainsJob = 'custom-domains.recheck';
/** Every 10 minutes; each run re-checks domains not checked for an hour (a pending one is found within the hour). */
export const recheckDomainsCron = '*/10 * * * *';

/** Issue 15: custom domains of websites, their DNS checks, and Caddy's on-demand TLS question. */
export function registerCustomDomainRoutes(
  app: FastifyInstance,
  { db, auth, config, dns, clock, jobs }: AppDeps,
): void {
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const target = { publicOrigin: config.publicOrigin, publicIpv4: config.publicIpv4 };

  registerEndpoint(app, customDomainEndpoints.list, async ({ request, params }) =>
    listDomains(db, target, { actorId: await actor(request), websiteId: params.websiteId }),
  );
  registerEndpoint(app, customDomainEndpoints.add, async ({ request, params, body }) =>
    addDomain(db, target, { actorId: await actor(request), websiteId: params.websiteId, domain: body.domain }),
  );
  registerEndpoint(
    app,
    customDomainEndpoints.check,
    async ({ request, params }) =>
      checkDomainNow(
        db,
        { dns, target, now: clock.now() },
        { actorId: await actor(request), domainId: params.domainId },
      ),
    // Each check asks DNS a few questions: a person pressing "Check now" needs a few a minute, not hundreds.
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
  );
  registerEndpoint(app, customDomainEndpoints.remove, async ({ request, params }) => {
    await removeDomain(db, { actorId: await actor(request), domainId: params.domainId });
    return { ok: true as const };
  });
  registerEndpoint(app, customDomainEndpoints.allowed, async ({ query }) => {
    if (!(await isVerifiedDomain(db, query.domain))) throw new AppError('NOT_FOUND', customDomainMessages.notConnected);
    return { ok: true as const };
  });

  jobs.define(recheckDomainsJob, async () => {
    await recheckDueDomains(db, { dns, target, now: clock.now() }, { maxAgeMinutes: 60, batch: 200 });
  });
  jobs.every(recheckDomainsJob, recheckDomainsCron);
}
