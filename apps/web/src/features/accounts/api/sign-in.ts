import { authApiPaths } from '@huddle/shared/auth-pages';
import { sendJson } from '../../../lib/api-client.ts';

/** Signs in; the session cookie comes with the reply, and the page then leaves for the app. */
export async function signIn(body: { email: string; password: string }): Promise<void> {
  await sendJson('POST', authApiPaths.signIn, body);
}
