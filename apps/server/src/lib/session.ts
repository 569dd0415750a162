import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { Auth } from './auth.ts';

export const requestHeaders = (request: FastifyRequest): Headers => fromNodeHeaders(request.headers);

/** The signed-in user's id from the session cookie, or undefined. */
export async function findSessionUserId(auth: Auth, request: FastifyRequest): Promise<string | undefined> {
  const session = await auth.api.getSession({ headers: requestHeaders(request) });
  return session?.user.id;
}

/** For routes that need a signed-in user: 401 otherwise. */
export async function requireSessionUserId(auth: Auth, request: FastifyRequest): Promise<string> {
  const userId = await findSessionUserId(auth, request);
  if (!userId) throw new AppError('UNAUTHENTICATED');
  return userId;
}
