import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { authPaths, isAuthPagePath, returnToParam, safeReturnTo } from '@huddle/shared/auth-pages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handler.ts';

/** Where a signed-in person lands from "/" and from the auth pages (the web app's homePath). */
const signedInHomePath = '/home';

export interface WebAppOptions {
  /** Whether the request carries a live session; "/" and the auth pages answer by it. */
  isSignedIn: (request: FastifyRequest) => Promise<boolean>;
}

/**
 * Serves the built web app: hashed assets cached for a year, HTML always revalidated.
 * The auth pages get auth.html, the small sign-in entry (decision 023); every other
 * client route gets index.html (the SPA fallback). "/" and the auth pages are decided
 * here, before any script loads: a visitor goes from "/" to sign-up (spec §2), a signed-in
 * person from "/" or an auth page to home (or the auth page's returnTo).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, options: WebAppOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(response, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // HEAD answers as GET does (same status and headers, no body): link checkers and uptime probes use it.
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (isApi || !wantsPage) return sendNotFound(reply);
    reply.header('cache-control', 'no-cache');
    if (pathname === '/') {
      // A session lookup that fails (database down) must not hide the page: treat it as signed out.
      const signedIn = await options.isSignedIn(request).catch(() => false);
      return reply.redirect(signedIn ? signedInHomePath : authPaths.signUp);
    }
    if (pathname === '/auth' || pathname === '/auth/')
      return reply.redirect(`${authPaths.login}${search ? `?${search}` : ''}`);
    if (isAuthPagePath(pathname)) {
      if (await options.isSignedIn(request).catch(() => false)) {
        const returnTo = safeReturnTo(new URLSearchParams(search).get(returnToParam));
        return reply.redirect(returnTo ?? signedInHomePath);
      }
      return reply.sendFile('auth.html');
    }
    return reply.sendFile('index.html');
  });
}
