import type { WebSocket } from 'ws';

/**
 * The open realtime sockets of this instance, by user. Features push to a user's tabs
 * through it; signing out closes them. (Fan-out to other instances comes with messages.)
 */
export interface RealtimeHub {
  add(userId: string, sessionId: string, socket: WebSocket): void;
  remove(userId: string, socket: WebSocket): void;
  send(userId: string, event: { type: string } & Record<string, unknown>): void;
  closeUser(userId: string, reason: string): void;
  /** Only the sockets opened under one sign-in (the other devices stay connected). */
  closeSession(sessionId: string, reason: string): void;
  closeAll(reason: string): void;
}

export function createRealtimeHub(): RealtimeHub {
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const sessionOf = new WeakMap<WebSocket, string>();
  return {
    add(userId, sessionId, socket) {
      sessionOf.set(socket, sessionId);
      const sockets = socketsByUser.get(userId) ?? new Set<WebSocket>();
      sockets.add(socket);
      socketsByUser.set(userId, sockets);
    },
    remove(userId, socket) {
      const sockets = socketsByUser.get(userId);
      sockets?.delete(socket);
      if (sockets?.size === 0) socketsByUser.delete(userId);
    },
    send(userId, event) {
      const payload = JSON.stringify(event);
      for (const socket of socketsByUser.get(userId) ?? []) socket.send(payload);
    },
    closeUser(userId, reason) {
      for (const socket of socketsByUser.get(userId) ?? []) socket.close(4001, reason);
    },
    closeSession(sessionId, reason) {
      for (const sockets of socketsByUser.values()) {
        for (const socket of sockets) if (sessionOf.get(socket) === sessionId) socket.close(4001, reason);
      }
    },
    closeAll(reason) {
      for (const sockets of socketsByUser.values()) for (const socket of sockets) socket.close(1001, reason);
    },
  };
}
