import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { Auth } from './auth.ts';

export const requestHeaders = (request: FastifyRequest): Headers => fromNodeHeaders(request.headers);

/**
 * How long this process takes a checked session cookie on trust (decision 072). Ending a session
 * (sign-out, account deletion, an admin's disable, a password reset) evicts it at once on every
 * instance through the realtime bus (RealtimeHub's closeUser / closeSession); this is only the
 * backstop for a bus message lost while the bus was down.
 */
export const sessionCacheTtlMs = 10_000;
/** Far above the people signed in on one instance; past it the oldest entries go first. */
const sessionCacheMaxEntries = 50_000;

interface CachedSession {
  userId: string;
  sessionId: string;
  /** The session's own end (ms): never trusted past it. */
  expiresAt: number;
  /** The cache's backstop (ms). */
  trustedUntil: number;
}

/** Which sessions just ended: one, every one of a user, or any (the bus may have lost messages). */
export type EndedSessions = { sessionId: string } | { userId: string } | 'all';

/**
 * The signed-in sessions Better Auth has confirmed lately, by the exact signed cookie value
 * (token and signature): a request with that cookie is signed in as that user without a look at
 * the database nor a signature check. Only confirmed sessions are kept, so a made-up cookie can
 * neither fill it nor be answered from it.
 */
export interface SessionCache {
  get(cookieValue: string): CachedSession | undefined;
  /** `since` is what `version` was when the lookup started: an end heard since wins over it. */
  set(cookieValue: string, session: { userId: string; sessionId: string; expiresAt: Date }, since: number): void;
  forget(ended: EndedSessions): void;
  /** Counts the ends heard: a lookup that started before one may have read a session it ended. */
  readonly version: number;
  readonly size: number;
}

export function createSessionCache({ now = Date.now }: { now?: () => number } = {}): SessionCache {
  const byCookie = new Map<string, CachedSession>();
  let version = 0;
  return {
    get(cookieValue) {
      const cached = byCookie.get(cookieValue);
      if (!cached) return undefined;
      const at = now();
      if (at < cached.trustedUntil && at < cached.expiresAt) return cached;
      byCookie.delete(cookieValue);
      return undefined;
    },
    set(cookieValue, { userId, sessionId, expiresAt }, since) {
      if (since !== version) return;
      byCookie.delete(cookieValue);
      if (byCookie.size >= sessionCacheMaxEntries) byCookie.delete(byCookie.keys().next().value!);
      byCookie.set(cookieValue, {
        userId,
        sessionId,
        expiresAt: expiresAt.getTime(),
        trustedUntil: now() + sessionCacheTtlMs,
      });
    },
    forget(ended) {
      version += 1;
      if (ended === 'all') return byCookie.clear();
      for (const [cookieValue, cached] of byCookie) {
        if ('userId' in ended ? cached.userId === ended.userId : cached.sessionId === ended.sessionId)
          byCookie.delete(cookieValue);
      }
    },
    get version() {
      return version;
    },
    get size() {
      return byCookie.size;
    },
  };
}

/**
 * The values of the cookie with this name in a Cookie header (raw, as sent). Usually none or
 * one; more than one is left to Better Auth and not cached.
 */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

/** The signed-in user's id from the session cookie, or undefined. */
export async function findSessionUserId(auth: Auth, request: FastifyRequest): Promise<string | undefined> {
  const [cookieValue, ...others] = cookieValues(request.headers.cookie, auth.sessionCookieName);
  // No session cookie: signed out, and Better Auth has nothing to read (it would still build its
  // whole request context to say so).
  if (cookieValue === undefined) return undefined;
  const cacheable = others.length === 0;
  const cached = cacheable ? auth.sessionCache.get(cookieValue) : undefined;
  if (cached) return cached.userId;
  const since = auth.sessionCache.version;
  const session = await auth.api.getSession({ headers: requestHeaders(request) });
  if (session && cacheable) {
    auth.sessionCache.set(
      cookieValue,
      { userId: session.user.id, sessionId: session.session.id, expiresAt: session.session.expiresAt },
      since,
    );
  }
  return session?.user.id;
}

/** For routes that need a signed-in user: 401 otherwise. */
export async function requireSessionUserId(auth: Auth, request: FastifyRequest): Promise<string> {
  const userId = await findSessionUserId(auth, request);
  if (!userId) throw new AppError('UNAUTHENTICATED');
  return userId;
}
