import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './error-handler.ts';

/**
 * Serves the built web app: hashed assets cached for a year, index.html always
 * revalidated, and index.html for every client route (the SPA fallback).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
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
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    // HEAD answers as GET does (same status and headers, no body): link checkers and uptime probes use it.
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url);
    if (isApi || !wantsPage) return sendNotFound(reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
