import { signInBody, signUpBody } from '@huddle/shared/accounts';
import {
  authFormPaths,
  authPathWithReturnTo,
  returnToParam,
  safeReturnTo,
  type AuthFormState,
} from '@huddle/shared/auth-pages';
import { genericErrorMessages } from '@huddle/shared/errors';
import { errorReply } from '@huddle/shared/error-reply';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestHeaders } from '../../lib/session.ts';
import { signIn, signUp, type SessionChange } from './accounts.service.ts';
import { authFormStateSetCookie } from './auth-form-state.ts';

/** Where a signed-in person lands without a returnTo (the web app's homePath; web-app.ts says the same). */
const signedInHomePath = '/home';

/**
 * The rate limit groups the JSON endpoints and these form posts share (lib/rate-limit-store.ts):
 * one limit per address for signing in, whichever way it is sent.
 */
export const authRateLimitGroups = { signIn: 'auth-sign-in', signUp: 'auth-sign-up' } as const;

const formQuery = z.object({ [returnToParam]: z.string().max(2000).optional() });
/** The form's fields as the browser sends them (every value a string); the endpoint's own body schema checks them after. */
const formFields = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** The first message per field, as the form shows it beside the field. */
function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields = new Map<string, string>();
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    if (!fields.has(key)) fields.set(key, issue.message);
  }
  return Object.fromEntries(fields);
}

const fieldValue = (body: Record<string, string | string[]>, name: string) => {
  const value = body[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/**
 * Sign-in and sign-up as plain HTML form posts (issue 33), for the server-rendered forms before (or
 * without) JavaScript: `application/x-www-form-urlencoded` to the form's own page address. They do
 * exactly what POST /api/auth/sign-in and /api/auth/sign-up do (the same body schemas and services,
 * the same rate limit counters through a shared group, the app's origin check as for every write),
 * then answer as a browser needs: 303 to the returnTo (else home) with the session cookie, or 303
 * back to the form with what was typed and what went wrong (auth-form-state.ts).
 */
export function registerAuthFormPosts(app: FastifyInstance, deps: AppDeps): void {
  const { config } = deps;
  const secure = config.publicOrigin.startsWith('https://');
  // Counted once the body is read (preHandler, not onRequest as the API's): a refused post then
  // goes back to its form with the email typed. The same counters and the same limit.
  const rateLimit = (groupId: string) => ({
    max: config.authRateLimitMax,
    timeWindow: '1 minute',
    groupId,
    hook: 'preHandler' as const,
  });

  const backToForm = (reply: FastifyReply, request: FastifyRequest, state: AuthFormState) => {
    const returnTo = safeReturnTo(formQuery.safeParse(request.query).data?.returnTo);
    const formPath = state.form === 'sign-in' ? authFormPaths.signIn : authFormPaths.signUp;
    reply.header('set-cookie', authFormStateSetCookie(config.sessionSecret, state, secure));
    reply.header('cache-control', 'no-store');
    return reply.redirect(authPathWithReturnTo(formPath, returnTo), 303);
  };

  app.register(async (scope) => {
    // A form's fields, as an HTML form sends them; JSON stays accepted (the app's default parser).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      const fields = new Map<string, string | string[]>();
      for (const [name, value] of new URLSearchParams(String(body))) {
        const known = fields.get(name);
        fields.set(name, known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value]);
      }
      done(null, Object.fromEntries(fields));
    });

    const formRoute = <Body>(options: {
      form: AuthFormState['form'];
      url: string;
      summary: string;
      groupId: string;
      schema: z.ZodType<Body>;
      fields: readonly string[];
      typed: (body: Record<string, string | string[]>) => AuthFormState['values'];
      run: (body: Body, request: FastifyRequest) => Promise<SessionChange>;
    }) =>
      scope.route({
        method: 'POST',
        url: options.url,
        config: { rateLimit: rateLimit(options.groupId) },
        schema: {
          summary: options.summary,
          tags: ['accounts'],
          consumes: ['application/x-www-form-urlencoded'],
          querystring: formQuery,
          response: { '4xx': errorReply, '5xx': errorReply },
        },
        // A refusal before the handler (the rate limit) goes back to the form too, said there; the
        // origin check's refusal and the rest answer as the API does (nothing to show on a form).
        errorHandler: (error: FastifyError, request, reply) => {
          if (error.statusCode !== 429) throw error;
          const body = formFields.safeParse(request.body).data ?? {};
          return backToForm(reply, request, {
            form: options.form,
            values: options.typed(body),
            fieldErrors: {},
            error: { code: 'RATE_LIMITED', message: genericErrorMessages.RATE_LIMITED },
          });
        },
        handler: async (request, reply) => {
          const body = formFields.safeParse(request.body).data ?? {};
          const values = options.typed(body);
          // Only the form's own fields, as strings: what a browser sends is what the JSON endpoint's body holds.
          const parsed = options.schema.safeParse(
            Object.fromEntries(options.fields.map((name) => [name, fieldValue(body, name)])),
          );
          if (!parsed.success) {
            return backToForm(reply, request, {
              form: options.form,
              values,
              fieldErrors: fieldErrorsOf(parsed.error.issues),
              error: null,
            });
          }
          try {
            const change = await options.run(parsed.data, request);
            reply.header('set-cookie', change.setCookies);
            const returnTo = safeReturnTo(formQuery.safeParse(request.query).data?.returnTo);
            return reply.redirect(returnTo ?? signedInHomePath, 303);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const fieldErrors = Object.fromEntries(
              Object.entries(error.fields ?? {}).map(([key, messages]) => [key, messages[0] ?? error.message]),
            );
            return backToForm(reply, request, {
              form: options.form,
              values,
              fieldErrors,
              // Field problems (an email already taken) go beside the field, as the JSON form shows them.
              error: error.fields ? null : { code: error.code, message: error.message },
            });
          }
        },
      });

    formRoute({
      form: 'sign-in',
      url: authFormPaths.signIn,
      summary: 'Sign in with email and password from the HTML form (no JavaScript needed); redirects',
      groupId: authRateLimitGroups.signIn,
      schema: signInBody,
      fields: ['email', 'password'],
      typed: (body) => ({ email: fieldValue(body, 'email') }),
      run: (body, request) => signIn(deps, { body, headers: requestHeaders(request) }),
    });
    formRoute({
      form: 'sign-up',
      url: authFormPaths.signUp,
      summary: 'Create an account from the HTML form (no JavaScript needed) and sign in; redirects',
      groupId: authRateLimitGroups.signUp,
      schema: signUpBody,
      fields: ['name', 'email', 'password'],
      typed: (body) => ({ email: fieldValue(body, 'email'), name: fieldValue(body, 'name') }),
      run: (body, request) => signUp(deps, { body, headers: requestHeaders(request) }),
    });
  });
}
