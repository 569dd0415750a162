import { accountEndpoints, socialProviderParams } from '@huddle/shared/accounts';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requestHeaders, requireSessionUserId, findSessionUserId } from '../../lib/session.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  getCurrentUser,
  resendVerification,
  resendVerificationAtSignIn,
  startSocialSignIn,
  verifyEmail,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
  type SessionChange,
} from './accounts.service.ts';
import { deleteAccount } from './account-deletion.service.ts';
import { authRateLimitGroups, registerAuthFormPosts } from './auth-form-posts.routes.ts';

function applySession(reply: FastifyReply, change: SessionChange) {
  if (change.setCookies.length > 0) reply.header('set-cookie', change.setCookies);
  return { user: change.user };
}

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, auth, config } = deps;
  // Spec and OWASP: sign-in, sign-up and reset are rate limited per client address.
  const authRateLimit = { config: { rateLimit: { max: config.authRateLimitMax, timeWindow: '1 minute' } } };
  // Counted together with the HTML form's posts (auth-form-posts.routes.ts): one limit however it is sent.
  const groupedWith = (groupId: string) => ({ config: { rateLimit: { ...authRateLimit.config.rateLimit, groupId } } });

  registerAuthFormPosts(app, deps);

  registerEndpoint(app, accountEndpoints.getSession, async ({ request }) => {
    const userId = await findSessionUserId(auth, request);
    return { user: userId ? await getCurrentUser(db, userId) : null };
  });

  registerEndpoint(
    app,
    accountEndpoints.signUp,
    async ({ body, request, reply }) =>
      applySession(reply, await signUp(deps, { body, headers: requestHeaders(request) })),
    groupedWith(authRateLimitGroups.signUp),
  );

  registerEndpoint(
    app,
    accountEndpoints.signIn,
    async ({ body, request, reply }) =>
      applySession(reply, await signIn(deps, { body, headers: requestHeaders(request) })),
    groupedWith(authRateLimitGroups.signIn),
  );

  registerEndpoint(
    app,
    accountEndpoints.resendVerificationAtSignIn,
    async ({ body }) => {
      await resendVerificationAtSignIn(deps, body);
      return { ok: true as const };
    },
    authRateLimit,
  );

  registerEndpoint(app, accountEndpoints.signOut, async ({ request, reply }) => {
    applySession(reply, await signOut(deps, requestHeaders(request)));
    return { ok: true as const };
  });

  registerEndpoint(
    app,
    accountEndpoints.forgotPassword,
    async ({ body }) => {
      await requestPasswordReset(deps, body);
      return { ok: true as const };
    },
    authRateLimit,
  );

  registerEndpoint(
    app,
    accountEndpoints.resetPassword,
    async ({ body }) => {
      await resetPassword(deps, body);
      return { ok: true as const };
    },
    authRateLimit,
  );

  registerEndpoint(app, accountEndpoints.verifyEmail, async ({ body }) => {
    await verifyEmail(deps, body.token);
    return { ok: true as const };
  });

  registerEndpoint(
    app,
    accountEndpoints.resendVerification,
    async ({ request }) => {
      await resendVerification(deps, { actorId: await requireSessionUserId(auth, request) });
      return { ok: true as const };
    },
    authRateLimit,
  );

  registerEndpoint(app, accountEndpoints.deleteMe, async ({ request, reply }) => {
    const actorId = await requireSessionUserId(auth, request);
    applySession(reply, await deleteAccount(deps, { actorId, headers: requestHeaders(request) }));
    return { ok: true as const };
  });

  registerEndpoint(
    app,
    accountEndpoints.startSocialSignIn,
    async ({ params, body, request, reply }) => {
      const { url, setCookies } = await startSocialSignIn(deps, {
        provider: params.provider,
        returnTo: body.returnTo,
        publicOrigin: config.publicOrigin,
        enabledProviders: config.socialProviders.map((provider) => provider.id),
        headers: requestHeaders(request),
      });
      reply.header('set-cookie', setCookies);
      return { url };
    },
    authRateLimit,
  );

  // The provider's redirect back: Better Auth checks state and PKCE, creates or links the
  // account, sets the session cookie and redirects to the page the sign-in started from.
  app.get(
    '/api/auth/callback/:provider',
    {
      schema: {
        summary: 'Where a social provider sends the person back (redirects)',
        tags: ['accounts'],
        params: socialProviderParams,
        // Providers add their own parameters (Google: scope, authuser, prompt), so others pass too.
        querystring: z.looseObject({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
          error_description: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, config.publicOrigin);
      const response = await auth.handler(new Request(url, { method: 'GET', headers: requestHeaders(request) }));
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const location = response.headers.get('location');
      if (location)
        return reply.redirect(location, response.status >= 300 && response.status < 400 ? response.status : 302);
      return reply.redirect(`${config.publicOrigin}/auth/login?error=unknown`);
    },
  );

  registerEndpoint(app, accountEndpoints.getMe, async ({ request }) =>
    getCurrentUser(db, await requireSessionUserId(auth, request)),
  );
}
