import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

export const foreignOriginMessage = 'Requests from other sites are not accepted.';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A WebSocket upgrade is a GET, but it opens a channel that acts as the signed-in person for as
 * long as it lasts, and browsers send it (with cookies) from any page, Origin saying which:
 * cross-site WebSocket hijacking. It is checked as a write is.
 */
const isWebSocketUpgrade = (headers: { upgrade?: string | undefined }) =>
  headers.upgrade?.toLowerCase() === 'websocket';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/**
 * CSRF defence in depth beside SameSite=Lax cookies (OWASP: verify the Origin header): a
 * request that can change something and says it comes from another site is refused before
 * its body is read. Allowed: PUBLIC_ORIGIN, CORS_ORIGINS, and the origin the request itself
 * was sent to (Host): a browser only sends that Origin from a page of the same site, so
 * http://127.0.0.1:3000 beside PUBLIC_ORIGIN=http://localhost:3000, a LAN address or the Vite
 * dev server's proxy keep working, while cookies for Huddle never go to another host.
 * A site's custom domain is its own host, so its pages pass the same way. Requests without
 * Origin (server-to-server, calendar apps, tests) pass; "null" does not.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  { publicOrigin, corsOrigins }: { publicOrigin: string; corsOrigins: string[] },
): void {
  const allowed = new Set([publicOrigin, ...corsOrigins].map(originOf));
  app.addHook('onRequest', async (request) => {
    if (readOnlyMethods.has(request.method) && !isWebSocketUpgrade(request.headers)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (allowed.has(origin) || origin === `${request.protocol}://${request.host}`) return;
    throw new AppError('FORBIDDEN', foreignOriginMessage);
  });
}
