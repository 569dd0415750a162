import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Node's closeIdleConnections() only knows sockets that have sent a request; a client that
 * connected and sent nothing yet (a load balancer's pre-opened socket, a slow client) would keep
 * a closing server alive until its timeout. This tracks every socket, whether it is serving a
 * request and since when it is idle, so shutdown can close the idle ones.
 */
export function trackConnections(server: Server) {
  /** Socket -> requests in progress on it, and when it last became idle. */
  const sockets = new Map<Socket, { busy: number; idleSince: number }>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { busy: 0, idleSince: performance.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = sockets.get(request.socket);
    if (!state) return;
    state.busy += 1;
    response.once('close', () => {
      state.busy -= 1;
      if (state.busy === 0) state.idleSince = performance.now();
    });
  });
  return {
    /**
     * Ends every socket idle for at least `minIdleMs`. The grace lets a request already on its
     * way be read and answered (503 while closing) instead of reset with its connection.
     */
    closeIdle(minIdleMs: number) {
      const now = performance.now();
      for (const [socket, state] of sockets) {
        if (state.busy === 0 && now - state.idleSince >= minIdleMs) socket.destroy();
      }
    },
  };
}
