import { passkeyEndpoints } from '@huddle/shared/passkeys';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requestHeaders, requireSessionUserId } from '../../lib/session.ts';
import {
  addPasskey,
  listPasskeys,
  relyingPartyFor,
  removePasskey,
  renamePasskey,
  requireOwnHost,
  signInWithPasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkeys.service.ts';

/** Passkeys (issue 34, part 3; decision 078): adding and managing them in settings, signing in with one. */
export function registerPasskeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, auth, config, clock } = deps;
  const rp = relyingPartyFor(config);
  const passkeyDeps = { db, auth, clock, rp };
  // Each ceremony step is a step of signing in: limited per client address as sign-in is.
  const authRateLimit = { config: { rateLimit: { max: config.authRateLimitMax, timeWindow: '1 minute' } } };

  registerEndpoint(app, passkeyEndpoints.list, async ({ request }) => ({
    passkeys: await listPasskeys(db, { actorId: await requireSessionUserId(auth, request) }),
  }));

  registerEndpoint(
    app,
    passkeyEndpoints.registrationOptions,
    async ({ request }) => {
      requireOwnHost(rp, request.hostname);
      // The session itself, not the cached user id: when it began decides whether it is recent.
      const session = await auth.api.getSession({ headers: requestHeaders(request) });
      if (!session) throw new AppError('UNAUTHENTICATED');
      return startPasskeyRegistration(passkeyDeps, {
        actorId: session.user.id,
        sessionCreatedAt: session.session.createdAt,
      });
    },
    authRateLimit,
  );

  registerEndpoint(
    app,
    passkeyEndpoints.add,
    async ({ body, request }) => {
      const actorId = await requireSessionUserId(auth, request);
      requireOwnHost(rp, request.hostname);
      return addPasskey(passkeyDeps, { actorId, body });
    },
    authRateLimit,
  );

  registerEndpoint(app, passkeyEndpoints.rename, async ({ params, body, request }) =>
    renamePasskey(db, {
      actorId: await requireSessionUserId(auth, request),
      passkeyId: params.passkeyId,
      name: body.name,
    }),
  );

  registerEndpoint(app, passkeyEndpoints.remove, async ({ params, request }) => {
    await removePasskey(db, { actorId: await requireSessionUserId(auth, request), passkeyId: params.passkeyId });
    return { ok: true as const };
  });

  registerEndpoint(
    app,
    passkeyEndpoints.authenticationOptions,
    async ({ request }) => {
      requireOwnHost(rp, request.hostname);
      return startPasskeySignIn(passkeyDeps);
    },
    authRateLimit,
  );

  registerEndpoint(
    app,
    passkeyEndpoints.signIn,
    async ({ body, request, reply }) => {
      requireOwnHost(rp, request.hostname);
      const change = await signInWithPasskey(passkeyDeps, { body, headers: requestHeaders(request) });
      if (change.setCookies.length > 0) reply.header('set-cookie', change.setCookies);
      return { user: change.user };
    },
    authRateLimit,
  );
}
