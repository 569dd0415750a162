import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import {
  customDomainEndpoints,
  customDomainHandOffQuery,
  customDomainMessages,
  customDomainSignInPaths,
  customDomainSignInQuery,
} from '@huddle/shared/custom-domains';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requestHeaders, requireSessionUserId } from '../../lib/session.ts';
import { plainMessagePage } from '../../lib/web-app.ts';
import { checkHopTarget, issueHandOff, redeemHandOff } from './custom-domains.hand-off.ts';
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

  registerSignInHop(app, { db, auth, config, clock });

  jobs.define(recheckDomainsJob, async () => {
    await recheckDueDomains(db, { dns, target, now: clock.now() }, { maxAgeMinutes: 60, batch: 200 });
  });
  jobs.every(recheckDomainsJob, recheckDomainsCron);
}

/**
 * A browser navigates to these two (decision 038): success is a redirect, and a refusal is a
 * short page for a person (the error's message) or the one JSON error shape for anything else.
 */
async function redirectOrExplain(request: FastifyRequest, reply: FastifyReply, run: () => Promise<string>) {
  // A redirect that carries a token, or a session cookie: never kept by a cache.
  reply.header('cache-control', 'no-store');
  try {
    return reply.redirect(await run());
  } catch (error) {
    if (!(error instanceof AppError) || !(request.headers.accept ?? '').includes('text/html')) throw error;
    return reply
      .code(error.status)
      .type('text/html; charset=utf-8')
      .send(plainMessagePage({ title: 'Sign-in stopped', heading: 'Signing in did not work', text: error.message }));
  }
}

/** Decision 038: signing in on a custom domain, by a hop through Huddle's origin. */
function registerSignInHop(
  app: FastifyInstance,
  { db, auth, config, clock }: Pick<AppDeps, 'db' | 'auth' | 'config' | 'clock'>,
): void {
  const tags = ['custom-domains'];
  app.get(
    customDomainSignInPaths.signIn,
    {
      schema: {
        summary: 'On Huddle’s origin: hand the signed-in organizer over to a custom domain of their site (redirects)',
        tags,
        querystring: customDomainSignInQuery,
      },
      // A step of signing in, limited as sign-in is; each signed-in call also stores a token.
      config: { rateLimit: { max: config.authRateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      redirectOrExplain(request, reply, async () => {
        // The session that is handed over lives on Huddle's own host; nowhere else starts a hop.
        if (new URL(config.publicOrigin).hostname !== request.hostname)
          throw new AppError('NOT_FOUND', customDomainMessages.hopRefused);
        const { next } = customDomainSignInQuery.parse(request.query);
        const actorId = await findSessionUserId(auth, request);
        if (!actorId) {
          // Refused before the sign-in page, so the page never promises a hop that cannot happen.
          await checkHopTarget(db, { next, publicOrigin: config.publicOrigin });
          return authPathWithReturnTo(authPaths.login, request.url);
        }
        return issueHandOff(db, { actorId, next, publicOrigin: config.publicOrigin, now: clock.now() });
      }),
  );

  app.get(
    customDomainSignInPaths.handOff,
    {
      schema: {
        summary: 'On a custom domain: redeem a one-time hand-off for a session on this host (redirects)',
        tags,
        querystring: customDomainHandOffQuery,
      },
    },
    async (request, reply) =>
      redirectOrExplain(request, reply, async () => {
        const { token } = customDomainHandOffQuery.parse(request.query);
        const { setCookies, path } = await redeemHandOff(
          { db, auth },
          { hostname: request.hostname, token, headers: requestHeaders(request), now: clock.now() },
        );
        reply.header('set-cookie', setCookies);
        return path;
      }),
  );
}
