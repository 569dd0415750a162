import type { ErrorCode } from './errors.ts';

/*
 * What the sign-in pages say, without zod: they are a web entry of their own that loads no
 * schema library (decision 023). The endpoint schemas are in accounts.ts.
 */

export const socialProviderIds = ['google', 'facebook'] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];
export const socialProviderLabels: Record<SocialProviderId, string> = { google: 'Google', facebook: 'Facebook' };

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
