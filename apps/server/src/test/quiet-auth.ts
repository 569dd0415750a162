import { createAuth, type AuthOptions } from '../lib/auth.ts';

/**
 * Better Auth as the app builds it, for tests that call its API directly: every callback that
 * mails, promotes or ends sessions elsewhere does nothing, and every sign-in is allowed.
 */
export function createQuietAuth({ config, db, log }: Pick<AuthOptions, 'config' | 'db' | 'log'>) {
  return createAuth({
    config,
    db,
    log,
    onEmailVerified: async () => undefined,
    sendPasswordResetLink: async () => undefined,
    sendVerificationLink: async () => undefined,
    onUserCreated: async () => undefined,
    maySignIn: async () => true,
    onSessionsEnded: () => undefined,
  });
}
