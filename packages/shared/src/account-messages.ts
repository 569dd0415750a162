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
      // Better Auth links a provider only to a verified account, and a password sign-in waits for
      // verification too (decision 062): the mailed link comes first.
      return 'An account with this email already exists. Open the link we emailed it to confirm the address, then continue with this provider again.';
    default:
      return signInErrorMessages.Unknown;
  }
}

/** How long a mailed verification link works (lib/auth.ts's expiresIn), in the words the pages use. */
export const verificationLinkLifetime = { seconds: 24 * 60 * 60, words: 'one day' } as const;

/** Spec §8 messages of email verification. */
export const emailVerifiedMessage = 'Email verified!';
export const emailNotVerifiedMessage = 'Email is not verified, please try again.';
export const verificationSentMessage = `We sent a new verification link. It works for ${verificationLinkLifetime.words}.`;

/**
 * A password sign-in to an account whose email is not verified (spec §8: "unverified email gives
 * NoPasswordSet"; decision 062): refused once the password is right, with the spec's message and
 * what to do. The sign-in form offers "Resend verification email" beside it.
 */
export const unverifiedSignInMessage = {
  title: emailNotVerifiedMessage,
  detail:
    'Open the link we emailed you when you signed up, then sign in again. No email? Check your spam folder, or send a new link.',
} as const;

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

/** Spec §8: email-not-found, wrong password or invalid email, too many requests, unverified email, the rest. */
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
    // Spec §8: "unverified email gives NoPasswordSet"; its own code, for its own words and action.
    case 'NO_PASSWORD_SET':
    case 'EMAIL_NOT_VERIFIED':
      return 'NoPasswordSet';
    default:
      return 'Unknown';
  }
}
