import { authApiPaths } from '@huddle/shared/auth-pages';
import { sendJson } from '../../../lib/api-client.ts';

/** Creates the account and signs in (the session cookie comes with the reply). */
export async function signUp(body: { name: string; email: string; password: string }): Promise<void> {
  await sendJson('POST', authApiPaths.signUp, body);
}
