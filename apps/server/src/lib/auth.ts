import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { getCookies, setSessionCookie } from 'better-auth/cookies';
import type { BetterAuthPlugin } from 'better-auth';
import { z } from 'zod';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { authAccounts, sessions, users, verifications } from '../features/accounts/accounts.schema.ts';
import { isGuessablePassword } from './common-passwords.ts';
import { redactForLog } from './log-redaction.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { createSessionCache } from './session.ts';
import { accountFieldMessages, isEmailAsPassword } from '@huddle/shared/account-fields';
import { verificationLinkLifetime } from '@huddle/shared/account-messages';
import { passwordLength } from '@huddle/shared/limits';
import { scrubEmails } from '@huddle/shared/error-scrubbing';

export interface AuthOptions {
  config: Pick<Config, 'publicOrigin' | 'sessionSecret' | 'corsOrigins' | 'socialProviders'>;
  db: Database;
  log: FastifyBaseLogger;
  /** Sends the reset mail; the link points at the web app's reset page. */
  sendPasswordResetLink(args: { email: string; name: string; link: string }): Promise<void>;
  /**
   * Runs once an account's email is known to be its owner's: the mailed link was opened, or a
   * provider vouched for it (email_verified) at creation. Claims a guest with that email.
   * May run again for the same account (any later update of a verified user): idempotent.
   */
  onEmailVerified(user: { id: string; email: string }): Promise<void>;
  /** Sends the verification mail; the link points at the web app's verify-email page. */
  sendVerificationLink(args: { email: string; name: string; link: string }): Promise<void>;
  /** Runs once a new account exists, however it signed up (ADMIN_EMAILS promotes it). */
  onUserCreated(user: { id: string; email: string }): Promise<void>;
  /**
   * Whether a new session may start for this account (the one place every sign-in method passes):
   * false for a disabled one (issue 17), and for a password sign-in until the email is verified
   * (spec §8, decision 062). `method` 'password' is Better Auth's email sign-in only; the session
   * sign-up makes, a provider's and a custom domain's hand-off are 'other'.
   */
  maySignIn(userId: string, method: SessionMethod): Promise<boolean>;
  /**
   * Runs once a password reset has ended every session of the account (after they are deleted):
   * every instance must forget them at once (lib/session.ts's cache), and their sockets close.
   */
  onSessionsEnded(userId: string): void;
}

export type SessionMethod = 'password' | 'other';

/** Better Auth's email-and-password sign-in endpoint: the sessions it makes are password sign-ins. */
const passwordSignInPath = '/sign-in/email';

/** The code Better Auth's refusal of a guessable password carries; the accounts service maps it to the field. */
export const passwordTooCommonCode = 'PASSWORD_TOO_COMMON';
/** The code of its refusal of the account's own email as the password. */
export const passwordIsEmailCode = 'PASSWORD_IS_EMAIL';

/**
 * A session for a user Huddle has already identified: the hand-off of a sign-in to a custom
 * domain (decision 038). Better Auth creates the session (its hooks run, so a disabled account
 * gets none) and writes the session cookie as for any sign-in, host-only on the host asked.
 * Server-only: Better Auth's router never serves it, whatever is mounted.
 */
const handedOffSession = {
  id: 'huddle-handed-off-session',
  endpoints: {
    createHandedOffSession: createAuthEndpoint(
      '/huddle/handed-off-session',
      { method: 'POST', body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
      async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        const session = user ? await ctx.context.internalAdapter.createSession(user.id) : null;
        if (!user || !session) throw new APIError('FORBIDDEN', { code: handOffRefusedCode });
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ sessionId: session.id });
      },
    ),
  },
} satisfies BetterAuthPlugin;

/** Better Auth's refusal of a handed-off session: no such user, or the account is disabled. */
export const handOffRefusedCode = 'HAND_OFF_REFUSED';

/**
 * A session for the owner of a passkey Huddle has just checked (features/passkeys, decision 078).
 * As the hand-off above: Better Auth creates it, its session hook refuses a disabled account, and
 * its cookie is set as for any sign-in. Server-only, like the hand-off.
 */
const passkeySession = {
  id: 'huddle-passkey-session',
  endpoints: {
    createPasskeySession: createAuthEndpoint(
      '/huddle/passkey-session',
      { method: 'POST', body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
      async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        const session = user ? await ctx.context.internalAdapter.createSession(user.id) : null;
        if (!user || !session) throw new APIError('FORBIDDEN', { code: passkeySignInRefusedCode });
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ sessionId: session.id });
      },
    ),
  },
} satisfies BetterAuthPlugin;

/** Better Auth's refusal of a passkey's session: no such user, or the account is disabled. */
export const passkeySignInRefusedCode = 'PASSKEY_SIGN_IN_REFUSED';

/** The new password an endpoint is about to store, if it stores one. */
function newPasswordIn(path: string, body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  if (path === '/sign-up/email') return (body as { password?: unknown }).password;
  if (path === '/reset-password' || path === '/change-password' || path === '/set-password')
    return (body as { newPassword?: unknown }).newPassword;
  return undefined;
}

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The email of the account whose password is being set: typed at sign-up, the reset link's
 * account at reset (an unknown link is left to Better Auth's own refusal), the session's at
 * change and set.
 */
async function accountEmailFor(ctx: AuthMiddlewareContext): Promise<string | undefined> {
  const body = ctx.body as { email?: unknown; token?: unknown } | undefined;
  if (ctx.path === '/sign-up/email') return typeof body?.email === 'string' ? body.email : undefined;
  if (ctx.path === '/reset-password') {
    const token = body?.token ?? (ctx.query as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return undefined;
    const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
    return user?.email;
  }
  return (await getSessionFromCtx(ctx))?.user.email;
}

/**
 * Better Auth does sessions, password storage and one-time tokens. Huddle's own routes
 * (features/accounts) call it server-side, so every reply keeps Huddle's error shape
 * and rate limits; its HTTP handler is not mounted.
 */
export function createAuth({
  config,
  db,
  log,
  onEmailVerified,
  sendPasswordResetLink,
  sendVerificationLink,
  onUserCreated,
  maySignIn,
  onSessionsEnded,
}: AuthOptions) {
  const secure = config.publicOrigin.startsWith('https://');
  const auth = betterAuth({
    appName: 'Huddle',
    baseURL: config.publicOrigin,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: [config.publicOrigin, ...config.corsOrigins],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications },
    }),
    account: {
      modelName: 'account',
      // A provider signing in with the email of an existing, verified account joins it.
      accountLinking: { enabled: true, trustedProviders: config.socialProviders.map((provider) => provider.id) },
    },
    plugins: [
      handedOffSession,
      passkeySession,
      genericOAuth({
        config: config.socialProviders.map((provider) => ({
          providerId: provider.id,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          discoveryUrl: provider.discoveryUrl,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          mapProfileToUser: (profile: Record<string, unknown>) => ({
            emailVerified: profile.email_verified === true || profile.email_verified === 'true',
            name: typeof profile.name === 'string' ? profile.name.slice(0, 25) : '',
            image: typeof profile.picture === 'string' ? profile.picture : undefined,
          }),
        })),
      }),
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordLength.min,
      maxPasswordLength: passwordLength.max,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      // A reset proves control of the mailbox: every other session of the account ends, and the
      // email counts as verified (decision 062: the link went to it), so the new password signs in.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        onSessionsEnded(user.id);
        if (!user.emailVerified) await markEmailVerified(user.id);
      },
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicOrigin}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await sendPasswordResetLink({ email: user.email, name: user.name, link });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: verificationLinkLifetime.seconds,
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${config.publicOrigin}/verify-email?token=${encodeURIComponent(token)}`;
        await sendVerificationLink({ email: user.email, name: user.name, link });
      },
    },
    // Every way emailVerified becomes true passes here: an account created verified (a provider's
    // email_verified), the mailed link (verify-email updates the user) and a password reset
    // (markEmailVerified). A provider is never linked to an unverified account (Better Auth's
    // requireLocalEmailVerified default).
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await onUserCreated({ id: user.id, email: user.email });
            if (user.emailVerified) await onEmailVerified({ id: user.id, email: user.email });
          },
        },
        update: {
          after: async (user) => {
            if (user?.emailVerified) await onEmailVerified({ id: user.id, email: user.email });
          },
        },
      },
      // Email and social sign-in alike end here, after the password check: refused, no session.
      session: {
        create: {
          before: async (session, context) =>
            (await maySignIn(session.userId, context?.path === passwordSignInPath ? 'password' : 'other'))
              ? undefined
              : false,
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Every way a password is set passes here, including Better Auth's own change-password and
    // set-password, which Huddle has no route for yet: none stores a guessable password, nor the
    // account's own email.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const candidate = newPasswordIn(ctx.path, ctx.body);
        if (typeof candidate !== 'string') return;
        if (await isGuessablePassword(candidate)) {
          throw new APIError('BAD_REQUEST', {
            code: passwordTooCommonCode,
            message: accountFieldMessages.passwordTooCommon,
          });
        }
        const email = await accountEmailFor(ctx);
        if (email !== undefined && isEmailAsPassword(candidate, email)) {
          throw new APIError('BAD_REQUEST', {
            code: passwordIsEmailCode,
            message: accountFieldMessages.passwordIsEmail,
          });
        }
      }),
    },
    // Huddle's routes carry their own rate limits (@fastify/rate-limit, shared across instances).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'huddle',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    // Into the request log, not the console: a lost sign-up race is logged, then answered 409.
    // Its arguments are errors and objects with the user's data (a failed insert's params): redacted.
    logger: {
      log: (level, message, ...args) =>
        log[level]({ args: args.map((arg) => redactForLog(arg)) }, `better-auth: ${scrubEmails(message)}`),
    },
  });

  /** Through Better Auth's adapter, so the user update hook above runs (it claims guests). */
  async function markEmailVerified(userId: string): Promise<void> {
    const context = await auth.$context;
    await context.internalAdapter.updateUser(userId, { emailVerified: true });
  }

  // Decision 072: the sessions confirmed lately, so most requests skip Better Auth's session
  // lookup (a signature check and a database read); lib/session.ts reads the cookie by this name.
  return Object.assign(auth, {
    sessionCache: createSessionCache(),
    sessionCookieName: getCookies(auth.options).sessionToken.name,
  });
}

export type Auth = ReturnType<typeof createAuth>;
