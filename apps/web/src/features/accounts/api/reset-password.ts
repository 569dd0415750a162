import { authApiPaths } from '@huddle/shared/auth-pages';
import { sendJson } from '../../../lib/api-client.ts';

/** Sets a new password with the token from the mailed link. */
export async function resetPassword(body: { token: string; password: string }): Promise<void> {
  await sendJson('POST', authApiPaths.resetPassword, body);
}
