import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import type { ErrorCode } from './errors.ts';
import { passwordLength } from './limits.ts';
import { currentUserReply, displayName, email } from './users.ts';

/** Shown beside the password field for a trivial (here) or common (the server's list) password. */
export const passwordTooCommonMessage =
  'This password is too common or too simple to keep your account safe. A few words you will remember work well.';

/** Runs of keys or symbols people type as a "password"; a password inside one, either way round, is trivial. */
const trivialRuns = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/**
 * Passwords guessed without any list: only spaces, two or fewer different characters
 * ("aaaaaaaa", "12121212"), one short piece repeated ("abcabcabc"), or a run such as
 * "12345678", "hgfedcba" or "qwertyui". The server also refuses the common-password list,
 * too large for the browser (OWASP ASVS 2.1.7).
 */
export function isTrivialPassword(value: string): boolean {
  const lower = value.toLowerCase();
  if (lower.trim() === '') return true;
  if (new Set(lower).size <= 2) return true;
  if (/^(.+?)\1+$/su.test(lower)) return true;
  return trivialRuns.some((run) => run.includes(lower) || [...run].reverse().join('').includes(lower));
}

export const password = z
  .string({ error: 'Enter a password.' })
  // A length problem is the one to fix first: the refinement below waits for it.
  .min(passwordLength.min, { message: `Password must be at least ${passwordLength.min} characters.`, abort: true })
  .max(passwordLength.max, { message: `Password must be at most ${passwordLength.max} characters.`, abort: true })
  .refine((value) => !isTrivialPassword(value), passwordTooCommonMessage);

export const signUpBody = z.strictObject({ name: displayName, email, password });
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.strictObject({
  email,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(passwordLength.max),
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

/** Spec §8 messages. */
export const emailVerifiedMessage = 'Email verified!';
export const emailNotVerifiedMessage = 'Email is not verified, please try again.';
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
export const verificationSentMessage = 'We sent a new verification link. It works for one hour.';

export const socialProviderIds = ['google', 'facebook'] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];
export const socialProviderLabels: Record<SocialProviderId, string> = { google: 'Google', facebook: 'Facebook' };
export const socialProviderParams = z.object({ provider: z.enum(socialProviderIds) });
/** A same-site path to come back to, such as "/home" or "/settings?tab=privacy". */
export const returnToPath = z
  .string()
  .max(2000)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path on this site.');
export const socialSignInBody = z.strictObject({ returnTo: returnToPath.optional() });
export const socialSignInReply = z.object({ url: z.url() });

/** Spec §5: a provider that gives no email fails with 'No provider user'. */
export const noProviderUserMessage = 'No provider user';

/** The `error` a failed social sign-in brings back to the login page, as the person reads it. */
export function socialSignInErrorMessage(error: string): string {
  switch (error) {
    case 'email_not_found':
      return noProviderUserMessage;
    case 'access_denied':
      return signInErrorMessages.CancelledByUser;
    case 'account_not_linked':
    case 'unable_to_link_account':
      return 'An account with this email already exists. Sign in with your password, then confirm your email to use this provider too.';
    default:
      return signInErrorMessages.Unknown;
  }
}

export const forgotPasswordMessage =
  'If an account exists for that email, a link to reset the password is on its way. It works for one hour.';
export const passwordResetMessage = 'Your password has been changed. Sign in with the new one.';

export const getSessionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/session',
  summary: 'The signed-in user, or null',
  tags: ['accounts'],
  reply: sessionReply,
});

export const signUpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-up',
  summary: 'Create an account with email and password and sign in',
  tags: ['accounts'],
  body: signUpBody,
  reply: sessionReply,
  status: 201,
});

export const signInEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-in',
  summary: 'Sign in with email and password',
  tags: ['accounts'],
  body: signInBody,
  reply: sessionReply,
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
  path: '/api/auth/forgot-password',
  summary: 'Mail a password-reset link',
  tags: ['accounts'],
  body: forgotPasswordBody,
  reply: okReply,
});

export const resetPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
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
  path: '/api/auth/social/:provider',
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
  signOut: signOutEndpoint,
  forgotPassword: forgotPasswordEndpoint,
  resetPassword: resetPasswordEndpoint,
  verifyEmail: verifyEmailEndpoint,
  resendVerification: resendVerificationEndpoint,
  deleteMe: deleteMeEndpoint,
  startSocialSignIn: startSocialSignInEndpoint,
  getMe: getMeEndpoint,
} as const;

/** Spec §8, login error mapping. */
export const signInErrorKinds = [
  'EmailNotFound',
  'InvalidUser',
  'NetworkError',
  'CancelledByUser',
  'NoPasswordSet',
  'Unknown',
] as const;
export type SignInErrorKind = (typeof signInErrorKinds)[number];

export const signInErrorMessages: Record<SignInErrorKind, string> = {
  EmailNotFound: 'We could not find an account with that email. Check it, or sign up.',
  InvalidUser: 'That email and password do not match. Try again, or reset your password.',
  NetworkError:
    'We could not sign you in right now: too many attempts, or no connection. Please wait a minute and try again.',
  CancelledByUser: 'Sign-in was cancelled before it finished.',
  NoPasswordSet: 'This account has no password yet. We sent you an email with a link to set one.',
  Unknown: 'Something went wrong signing you in. Please try again.',
};

/** Spec §8: email-not-found, wrong password or invalid email, too many requests, the rest. */
export function signInErrorKindFor(code: ErrorCode | 'NETWORK' | 'CANCELLED'): SignInErrorKind {
  switch (code) {
    case 'EMAIL_NOT_FOUND':
      return 'EmailNotFound';
    case 'INVALID_CREDENTIALS':
    case 'VALIDATION_FAILED':
      return 'InvalidUser';
    case 'RATE_LIMITED':
    case 'NETWORK':
      return 'NetworkError';
    case 'CANCELLED':
      return 'CancelledByUser';
    case 'NO_PASSWORD_SET':
      return 'NoPasswordSet';
    default:
      return 'Unknown';
  }
}
