import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import { realtimeClientMessage } from '@huddle/shared/realtime';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
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
    /** Undefined: the socket is opened signed out (it hears public topics only). */
    realtimeSession?: { userId: string; sessionId: string };
    /** A signed-out socket's slot among its address's (decision 055), given back when it closes. */
    realtimeSlot?: { release(): void };
  }
}

/** Subscribe and unsubscribe messages from the client; anything else is ignored. */
function listenForTopics(socket: WebSocket, viewerId: string | null, realtime: AppDeps['realtime']) {
  socket.on('message', (data) => {
    let parsed;
    try {
      parsed = realtimeClientMessage.safeParse(JSON.parse(String(data)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    if (parsed.data.type === 'subscribe') void realtime.subscribe(socket, viewerId, parsed.data.topic);
    else realtime.unsubscribe(socket, parsed.data.topic);
  });
}

/**
 * The realtime socket at /api/realtime. Signed in, holding it open is what makes a person
 * online, and features push to the person over it; sockets of a user who signs out are closed.
 * Signed in or out, a socket may join public topics (decision 055); a signed-out one hears
 * nothing else.
 */
export async function registerPresenceRoutes(
  app: FastifyInstance,
  { db, auth, realtime, config, addressSlots }: AppDeps,
): Promise<void> {
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
      schema: {
        summary: 'Realtime WebSocket: signed in, it marks the user online; signed in or out, it joins public topics',
        tags: ['realtime'],
      },
      config: { rateLimit: { max: config.realtimeOpenRateLimitMax, timeWindow: '1 minute' } },
      preValidation: async (request) => {
        const session = await auth.api.getSession({ headers: requestHeaders(request) });
        if (session) {
          request.realtimeSession = { userId: session.user.id, sessionId: session.session.id };
          return;
        }
        // Signed-out sockets open at once from one address, across the instances (decision 067).
        const slot = await addressSlots.take(request.ip);
        if (!slot) throw new AppError('RATE_LIMITED', 'Too many open connections from this address.');
        request.realtimeSlot = slot;
        // Given back however the connection ends, even before the socket handler runs (tests'
        // in-memory upgrades have no socket to watch: their handler gives it back).
        const connection = request.raw.socket as Partial<NodeJS.EventEmitter> | null | undefined;
        connection?.once?.('close', () => slot.release());
      },
    },
    (socket, request) => {
      socket.on('close', () => realtime.leaveTopics(socket));
      if (!request.realtimeSession) {
        const slot = request.realtimeSlot;
        socket.on('close', () => slot?.release());
        listenForTopics(socket, null, realtime);
        socket.send(JSON.stringify({ type: 'connected' }));
        return;
      }
      const { userId, sessionId } = request.realtimeSession;
      const connectionId = randomUUID();
      realtime.add(userId, sessionId, socket);
      listenForTopics(socket, userId, realtime);
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
