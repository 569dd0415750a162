import { authApiPaths } from '@huddle/shared/auth-pages';
import { sendJson } from '../../../lib/api-client.ts';

/** Mails a new verification link to the account a password sign-in was refused for, given its email and password. */
export async function resendVerificationAtSignIn(body: { email: string; password: string }): Promise<void> {
  await sendJson('POST', authApiPaths.resendVerificationAtSignIn, body);
}
