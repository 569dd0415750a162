/**
 * The signed-out pages (spec §2: auth/login, auth/sign-up, auth/forgot-password, and the
 * reset link's page). They are their own small web entry (decision 023): the server sends
 * auth.html for exactly these paths, and the app's router hands them to it.
 */
export const authPaths = {
  login: '/auth/login',
  signUp: '/auth/sign-up',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
} as const;
export type AuthPath = (typeof authPaths)[keyof typeof authPaths];

const authPathList: readonly string[] = Object.values(authPaths);

/** Whether a pathname (no query) is one of the auth pages; a trailing slash is forgiven. */
export function isAuthPagePath(pathname: string): boolean {
  return authPathList.includes(pathname.replace(/\/+$/, ''));
}

/** The query parameter that carries where to go after signing in. */
export const returnToParam = 'returnTo';

/** The query parameter a failed social sign-in comes back to the login page with. */
export const socialSignInErrorParam = 'error';

/** An auth page address that keeps the returnTo a guard put there, so switching forms keeps it. */
export function authPathWithReturnTo(path: string, returnTo: string | null): string {
  return returnTo ? `${path}?${returnToParam}=${encodeURIComponent(returnTo)}` : path;
}

/**
 * Where to go after signing in, taken from ?returnTo=. Only a path on this site is
 * accepted: it starts with one "/", and holds no backslash or control character
 * (browsers read "/\evil.example" and "/\t/evil.example" as "//evil.example").
 * Anything else is dropped, so a crafted link cannot send a person elsewhere.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  // Returning to a sign-in page after signing in would only bounce.
  if (value === '/auth' || value.startsWith('/auth/') || value.startsWith('/auth?')) return null;
  return value;
}

/**
 * The data block the server writes into auth.html (a JSON script element with this id): what
 * the auth pages need of the config, so the form renders at first paint without asking the API
 * (issue 30; decision 063). The social providers' ids, as GET /api/config lists them.
 */
export const authPageConfigElementId = 'huddle-auth-config';
export interface AuthPageConfig {
  socialProviders: readonly string[];
}

/**
 * The API the auth pages call, by path: their entry sends requests without the endpoint
 * declarations (which carry zod schemas). accounts.ts declares the same endpoints on these paths.
 */
export const authApiPaths = {
  signUp: '/api/auth/sign-up',
  signIn: '/api/auth/sign-in',
  /** The sign-in form's "Resend verification email", with the refused email and password (decision 062). */
  resendVerificationAtSignIn: '/api/auth/sign-in/verification-email',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  startSocialSignIn: '/api/auth/social/:provider',
  /** A challenge to sign in with a passkey (issue 34; decision 078). */
  passkeyOptions: '/api/auth/passkey/options',
  /** The browser's signed answer to that challenge: a session if it holds. */
  passkeySignIn: '/api/auth/passkey/sign-in',
  /** The public config; the auth pages read its socialProviders. */
  publicConfig: '/api/config',
} as const;

/**
 * Sign-in and sign-up without JavaScript (issue 33): the server renders these two forms as
 * `<form method="post">` to their own page's address; the server's form routes do what the JSON
 * endpoints do (the same services, rate limits and origin check) and send the browser on, or back
 * to the form with what went wrong.
 */
export const authFormPaths = { signIn: authPaths.login, signUp: authPaths.signUp } as const;

/**
 * A failed form post's outcome, carried back to the form's page (a short-lived cookie the page
 * reads once) and written into the rendered page as a data block with this id, so the browser's
 * form starts from it: what the person typed (never the password) and what went wrong.
 */
export const authFormStateElementId = 'huddle-auth-form';
export interface AuthFormState {
  /** The form that was sent. */
  form: 'sign-in' | 'sign-up';
  /** What the person typed, the password left out. */
  values: { email: string; name?: string };
  /** Problems beside a field, by field name. */
  fieldErrors: Record<string, string>;
  /** The API's error code and message (the form's alert); null when only fields have problems. */
  error: { code: string; message: string } | null;
}
