import { authApiPaths } from '@huddle/shared/auth-pages';
import { sendJson } from '../../../lib/api-client.ts';

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export async function forgotPassword(body: { email: string }): Promise<void> {
  await sendJson('POST', authApiPaths.forgotPassword, body);
}
