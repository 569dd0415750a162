import { createHash, randomBytes } from 'node:crypto';
import { safeReturnTo } from '@huddle/shared/auth-pages';
import { adminMessages } from '@huddle/shared/admin';
import {
  customDomainMessages,
  customDomainSignInPaths,
  customDomainSignInQuery,
  handOffLifetimeSeconds,
} from '@huddle/shared/custom-domains';
import { APIError } from 'better-auth/api';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { handOffRefusedCode, type Auth } from '../../lib/auth.ts';
import { requireWebsiteEditor } from '../websites/websites.service.ts';
import { insertHandOff, takeHandOff } from './custom-domains.repository.ts';
import { findVerifiedDomain, isOwnHost } from './custom-domains.service.ts';

/**
 * Decision 038, signing in on a custom domain: Huddle's origin (where the session cookie lives)
 * hands a signed-in organizer over to a verified custom domain with a one-time token; the custom
 * host redeems it for a session of its own, host-only, made by Better Auth.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const refusedTarget = () =>
  new AppError('VALIDATION_FAILED', customDomainMessages.hopRefused, { next: [customDomainMessages.hopRefused] });

/**
 * Where a hop may go: an http(s) address on a verified custom domain, at a path of that site
 * (the same rule as returnTo: no "//", no backslash, not back to a sign-in page). When Huddle
 * itself runs on https the custom host must too: the token is in the address.
 */
async function hopTarget(db: Database, { next, publicOrigin }: { next: string; publicOrigin: string }) {
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    throw refusedTarget();
  }
  const schemes = publicOrigin.startsWith('https://') ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol) || url.username || url.password || isOwnHost(url.hostname, publicOrigin))
    throw refusedTarget();
  const domain = await findVerifiedDomain(db, url.hostname);
  const path = safeReturnTo(`${url.pathname}${url.search}`);
  if (!domain || path === null) throw refusedTarget();
  return { domain, origin: url.origin, path };
}

/**
 * Issued on Huddle's origin to a signed-in editor of the site the domain serves (its creator, its
 * team's owner and organizers): the token is a whole session for its holder, so it goes only to a
 * domain of a site the person runs, never to any domain someone connected (decision 038).
 * Returns the hand-off address on the custom host.
 */
export async function issueHandOff(
  db: Database,
  { actorId, next, publicOrigin, now }: { actorId: string; next: string; publicOrigin: string; now: Date },
): Promise<string> {
  const target = await hopTarget(db, { next, publicOrigin });
  await requireWebsiteEditor(db, { websiteId: target.domain.websiteId, actorId });
  const token = randomBytes(32).toString('base64url');
  await insertHandOff(
    db,
    {
      tokenHash: hashOf(token),
      userId: actorId,
      domainId: target.domain.id,
      path: target.path,
      expiresAt: new Date(now.getTime() + handOffLifetimeSeconds * 1000),
    },
    now,
  );
  return `${target.origin}${customDomainSignInPaths.handOff}?token=${encodeURIComponent(token)}`;
}

/** Whether `next` may be hopped to at all: checked before sending a visitor to sign in first. */
export async function checkHopTarget(db: Database, args: { next: string; publicOrigin: string }): Promise<void> {
  await hopTarget(db, args);
}

/**
 * The origin of the custom domain a sign-in page's returnTo hands over to (a hop: Huddle's
 * sign-in path with a `next` a hop may go to), or null for any other returnTo. The sign-in and
 * sign-up forms post without JavaScript and the post ends there, through the hop's redirects: a
 * browser holds every redirect of a form post to the page's CSP form-action, so the page must name
 * that origin or the post stops on Huddle's origin with nothing shown (decision 038).
 */
export async function handOffOriginOf(
  db: Database,
  { returnTo, publicOrigin }: { returnTo: string; publicOrigin: string },
): Promise<string | null> {
  const url = new URL(returnTo, publicOrigin);
  if (url.origin !== new URL(publicOrigin).origin || url.pathname !== customDomainSignInPaths.signIn) return null;
  const query = customDomainSignInQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return null;
  try {
    return (await hopTarget(db, { next: query.data.next, publicOrigin })).origin;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * Redeemed on the custom host: only a verified custom domain answers, and only for a token issued
 * for it. The token is taken out of the table first (once, whatever else happens), then Better Auth
 * makes the session, which a disabled account does not get. Returns its cookies and where to go.
 */
export async function redeemHandOff(
  { db, auth }: { db: Database; auth: Auth },
  { hostname, token, headers, now }: { hostname: string; token: string; headers: Headers; now: Date },
): Promise<{ setCookies: string[]; path: string }> {
  const domain = await findVerifiedDomain(db, hostname);
  if (!domain) throw new AppError('NOT_FOUND', customDomainMessages.notConnected);
  const handOff = await takeHandOff(db, hashOf(token));
  if (!handOff || handOff.domainId !== domain.id || handOff.expiresAt <= now)
    throw new AppError('INVALID_TOKEN', customDomainMessages.handOffUsed);
  try {
    const result = await auth.api.createHandedOffSession({
      body: { userId: handOff.userId },
      headers,
      returnHeaders: true,
    });
    return { setCookies: result.headers.getSetCookie(), path: handOff.path };
  } catch (error) {
    if (error instanceof APIError && error.body?.code === handOffRefusedCode)
      throw new AppError('FORBIDDEN', adminMessages.disabledSignIn);
    throw error;
  }
}
