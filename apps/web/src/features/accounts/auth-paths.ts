/** The addresses of the accounts pages (spec §2: auth/login, auth/sign-up, auth/forgot-password). */
export const authPaths = {
  login: '/auth/login',
  signUp: '/auth/sign-up',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
} as const;

/** Spec §2 verify-email: open to everyone, signed in or not (the mailed link lands here). */
export const verifyEmailPath = '/verify-email';

/** The query parameter that carries where to go after signing in. */
export const returnToParam = 'returnTo';

/** The query parameter a failed social sign-in comes back to the login page with. */
export const socialSignInErrorParam = 'error';

/** An auth page address that keeps the returnTo a guard put there, so switching forms keeps it. */
export function authPathWithReturnTo(path: string, returnTo: string | null): string {
  return returnTo ? `${path}?${new URLSearchParams({ [returnToParam]: returnTo })}` : path;
}
