import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requestHeaders } from '../../lib/session.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  forgetInstance,
  markConnected,
  markDisconnected,
  presenceHeartbeatMs,
  refreshInstance,
} from './presence.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    realtimeSession?: { userId: string; sessionId: string };
  }
}

/**
 * The realtime socket at /api/realtime. Holding it open is what makes a person online;
 * later slices push messages over it. Sockets of a user who signs out are closed.
 */
export async function registerPresenceRoutes(app: FastifyInstance, { db, auth, realtime }: AppDeps): Promise<void> {
  const instanceId = randomUUID();
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  const heartbeat = setInterval(() => {
    refreshInstance(db, instanceId).catch((error: unknown) => app.log.warn({ err: error }, 'presence refresh failed'));
  }, presenceHeartbeatMs);
  heartbeat.unref();
  // Shutting down: forgetInstance removes all of this instance's rows at once, so the sockets
  // closing now need not each delete their own (thousands of deletes would hold up the exit).
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(heartbeat);
    realtime.closeAll('server shutting down');
    await forgetInstance(db, instanceId).catch(() => undefined);
  });

  app.get(
    '/api/realtime',
    {
      websocket: true,
      schema: { summary: 'Realtime WebSocket (signed in); an open socket marks the user online', tags: ['realtime'] },
      preValidation: async (request) => {
        const session = await auth.api.getSession({ headers: requestHeaders(request) });
        if (!session) throw new AppError('UNAUTHENTICATED');
        request.realtimeSession = { userId: session.user.id, sessionId: session.session.id };
      },
    },
    (socket, request) => {
      const { userId, sessionId } = request.realtimeSession as { userId: string; sessionId: string };
      const connectionId = randomUUID();
      realtime.add(userId, sessionId, socket);
      const ready = markConnected(db, { id: connectionId, userId, sessionId, instanceId }).then(() =>
        socket.send(JSON.stringify({ type: 'connected' })),
      );
      ready.catch((error: unknown) => {
        request.log.error({ err: error }, 'presence connect failed');
        socket.close(1011, 'try again');
      });
      socket.on('close', () => {
        realtime.remove(userId, socket);
        if (!closing) void ready.finally(() => markDisconnected(db, connectionId).catch(() => undefined));
      });
    },
  );
}
