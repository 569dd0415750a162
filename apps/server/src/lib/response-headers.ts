import type { FastifyInstance } from 'fastify';

/**
 * Browser features Huddle's pages may use: location (nearby games) and payments on its own
 * origin, full screen for maps; no camera, microphone, sensors, USB or screen capture, for
 * Huddle or anything it embeds. Features a browser does not know are left out: Chromium logs
 * an error for each.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'usb=()',
].join(', ');

/**
 * Permissions-Policy on every response. API answers are personal (a session, a private feed
 * token) unless a route says otherwise, so they are never stored by the browser or a proxy:
 * `Cache-Control: no-store` unless the route set its own (the public /api/config does).
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
