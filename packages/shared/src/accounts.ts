import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { accountFieldMessages, isEmailAsPassword, isTrivialPassword } from './account-fields.ts';
import { socialProviderIds } from './account-messages.ts';
import { authApiPaths } from './auth-pages.ts';
import { passwordLength } from './limits.ts';
import { currentUserReply, displayName, email } from './users.ts';

export const password = z
  .string({ error: 'Enter a password.' })
  // A length problem is the one to fix first: the refinement below waits for it.
  .min(passwordLength.min, { message: accountFieldMessages.passwordTooShort, abort: true })
  .max(passwordLength.max, { message: accountFieldMessages.passwordTooLong, abort: true })
  .refine((value) => !isTrivialPassword(value), accountFieldMessages.passwordTooCommon);

export const signUpBody = z
  .strictObject({ name: displayName, email, password })
  .refine((body) => !isEmailAsPassword(body.password, body.email), {
    message: accountFieldMessages.passwordIsEmail,
    path: ['password'],
    // Beside the other fields' problems, as the sign-up page shows it; not over the password's own.
    // Called with the raw input even when it is not an object (a JSON `null` body): check first.
    when: ({ value, issues }) => {
      if (typeof value !== 'object' || value === null) return false;
      const body = value as { password?: unknown; email?: unknown };
      return (
        typeof body.password === 'string' &&
        typeof body.email === 'string' &&
        !issues.some((issue) => issue.path?.[0] === 'password')
      );
    },
  });
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.strictObject({
  email,
  password: z
    .string({ error: accountFieldMessages.signInPasswordMissing })
    .min(1, accountFieldMessages.signInPasswordMissing)
    .max(passwordLength.max, accountFieldMessages.passwordTooLong),
});
export type SignInBody = z.infer<typeof signInBody>;

export const forgotPasswordBody = z.strictObject({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z.strictObject({
  token: z.string({ error: 'The reset link is incomplete.' }).min(1, 'The reset link is incomplete.'),
  password,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const sessionReply = z.object({ user: currentUserReply.nullable() }).meta({ id: 'Session' });
export const okReply = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

export const verifyEmailBody = z.strictObject({
  token: z.string({ error: 'The verification link is incomplete.' }).min(1).max(4096),
});
export const deleteAccountBody = z.strictObject({
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm.' }),
});

/** Spec §8 messages ('Email verified!' and the rest of verification's words: account-messages.ts). */
export const accountDeletedMessage = 'Account deleted successfully.';
export const accountDeleteFailedMessage = 'An error occurred while deleting your account.';
/**
 * Spec §4: account deletion is blocked while the user has teams to delete or leave. Owned
 * teams are handed over or deleted; the others are left.
 */
export function teamsBlockingDeletionMessage({ owned, joined }: { owned: number; joined: number }): string | null {
  const team = (n: number) => `${n} team${n === 1 ? '' : 's'}`;
  const them = (n: number) => (n === 1 ? 'it' : 'them');
  const parts: string[] = [];
  if (owned > 0)
    parts.push(`You own ${team(owned)}. Hand ${them(owned)} to another member or delete ${them(owned)} first.`);
  if (joined > 0) {
    const other = owned > 0 ? ` more` : '';
    parts.push(`You are a member of ${joined}${other} team${joined === 1 ? '' : 's'}. Leave ${them(joined)} first.`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

export const socialProviderParams = z.object({ provider: z.enum(socialProviderIds) });
/** A same-site path to come back to, such as "/home" or "/settings?tab=privacy". */
export const returnToPath = z
  .string()
  .max(2000)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path on this site.');
export const socialSignInBody = z.strictObject({ returnTo: returnToPath.optional() });
export const socialSignInReply = z.object({ url: z.url() });

export const getSessionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/session',
  summary: 'The signed-in user, or null',
  tags: ['accounts'],
  reply: sessionReply,
});

export const signUpEndpoint = defineEndpoint({
  method: 'POST',
  path: authApiPaths.signUp,
  summary: 'Create an account with email and password and sign in',
  tags: ['accounts'],
  body: signUpBody,
  reply: sessionReply,
  status: 201,
});

export const signInEndpoint = defineEndpoint({
  method: 'POST',
  path: authApiPaths.signIn,
  summary: 'Sign in with email and password',
  tags: ['accounts'],
  body: signInBody,
  reply: sessionReply,
});

export const resendVerificationAtSignInEndpoint = defineEndpoint({
  method: 'POST',
  path: authApiPaths.resendVerificationAtSignIn,
  summary: 'Mail a new verification link to an account whose password sign-in waits for it (its email and password)',
  tags: ['accounts'],
  body: signInBody,
  reply: okReply,
});

export const signOutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-out',
  summary: 'End the current session',
  tags: ['accounts'],
  reply: okReply,
});

export const forgotPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: authApiPaths.forgotPassword,
  summary: 'Mail a password-reset link',
  tags: ['accounts'],
  body: forgotPasswordBody,
  reply: okReply,
});

export const resetPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: authApiPaths.resetPassword,
  summary: 'Set a new password with the token from a reset link',
  tags: ['accounts'],
  body: resetPasswordBody,
  reply: okReply,
});

export const verifyEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/verify-email',
  summary: 'Confirm an email address with the token from the mailed link',
  tags: ['accounts'],
  body: verifyEmailBody,
  reply: okReply,
});

export const resendVerificationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/send-verification-email',
  summary: 'Mail the signed-in user a new verification link',
  tags: ['accounts'],
  reply: okReply,
});

export const deleteMeEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/me',
  summary: 'Delete the signed-in account and everything personal in it',
  tags: ['accounts'],
  body: deleteAccountBody,
  reply: okReply,
});

export const startSocialSignInEndpoint = defineEndpoint({
  method: 'POST',
  path: authApiPaths.startSocialSignIn,
  summary: 'Start signing in with a social provider; the reply is the address to open',
  tags: ['accounts'],
  params: socialProviderParams,
  body: socialSignInBody,
  reply: socialSignInReply,
});

export const getMeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/me',
  summary: 'The signed-in user (401 without a session)',
  tags: ['accounts'],
  reply: currentUserReply,
});

/** Every accounts endpoint, for the server's routes; the web imports the single ones it uses (smaller bundles). */
export const accountEndpoints = {
  getSession: getSessionEndpoint,
  signUp: signUpEndpoint,
  signIn: signInEndpoint,
  resendVerificationAtSignIn: resendVerificationAtSignInEndpoint,
  signOut: signOutEndpoint,
  forgotPassword: forgotPasswordEndpoint,
  resetPassword: resetPasswordEndpoint,
  verifyEmail: verifyEmailEndpoint,
  resendVerification: resendVerificationEndpoint,
  deleteMe: deleteMeEndpoint,
  startSocialSignIn: startSocialSignInEndpoint,
  getMe: getMeEndpoint,
} as const;
