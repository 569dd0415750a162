import { createHmac, timingSafeEqual } from 'node:crypto';
import { authPaths, type AuthFormState } from '@huddle/shared/auth-pages';
import { z } from 'zod';

/**
 * A failed no-JavaScript sign-in or sign-up (issue 33) goes back to its form with a 303, and what
 * went wrong travels in this cookie: the form's page reads it once (and clears it) to render the
 * form with what the person typed and the messages. A cookie rather than the address: the email
 * stays out of the history, the logs and a shared link; the password is never in it.
 *
 * Signed with the session secret, so nothing but this server's own outcome is shown on the page
 * (a cookie planted from a sibling host cannot put a message of its own on Huddle's sign-in form).
 * Only under /auth, HttpOnly, SameSite=Lax and short-lived: it lasts the redirect.
 */
export const authFormStateCookie = 'huddle-auth-form';
const maxAgeSeconds = 60;

const stateSchema = z.object({
  form: z.enum(['sign-in', 'sign-up']),
  values: z.object({ email: z.string().max(320), name: z.string().max(200).optional() }),
  fieldErrors: z.record(z.string(), z.string()),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`auth-form-state:${payload}`).digest('base64url');

const attributes = (secure: boolean) => `Path=/auth; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The Set-Cookie value that carries `state` to the form's page. */
export function authFormStateSetCookie(secret: string, state: AuthFormState, secure: boolean): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${authFormStateCookie}=${payload}.${signatureOf(secret, payload)}; Max-Age=${maxAgeSeconds}; ${attributes(secure)}`;
}

/** The Set-Cookie value that removes it (the page has read it). */
export const clearedAuthFormStateCookie = (secure: boolean) =>
  `${authFormStateCookie}=; Max-Age=0; ${attributes(secure)}`;

/** The state in a request's Cookie header, if it is there, signed by this server and for the form at `pathname`. */
export function readAuthFormState(
  secret: string,
  cookieHeader: string | undefined,
  pathname: string,
): AuthFormState | null {
  const raw = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${authFormStateCookie}=`))
    ?.slice(authFormStateCookie.length + 1);
  if (!raw) return null;
  const [payload = '', signature = ''] = raw.split('.');
  const expected = Buffer.from(signatureOf(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    const formPath = parsed.data.form === 'sign-in' ? authPaths.login : authPaths.signUp;
    // Sign-in's outcome is not shown on sign-up's page, nor the other way round.
    return pathname.replace(/\/+$/, '') === formPath ? parsed.data : null;
  } catch {
    return null;
  }
}
