import type { WebSocket } from 'ws';
import type { BusMessage, RealtimeBus, RealtimeEvent } from './realtime-bus.ts';

/**
 * The realtime sockets of every instance, by user. Features push to a user's tabs through it,
 * wherever those tabs are connected; signing out closes them. Each call goes over the bus and
 * is delivered when it comes back, on this instance as on the others, so a user's events keep
 * the order they were sent in (decision 025).
 */
export interface RealtimeHub {
  /** This instance's socket for a user, opened under one sign-in. */
  add(userId: string, sessionId: string, socket: WebSocket): void;
  remove(userId: string, socket: WebSocket): void;
  send(userId: string, event: RealtimeEvent): void;
  /** One bus message for many people (a team or an event's players). */
  sendMany(userIds: readonly string[], event: RealtimeEvent): void;
  closeUser(userId: string, reason: string): void;
  /** Only the sockets opened under one sign-in (the other devices stay connected). */
  closeSession(sessionId: string, reason: string): void;
  /** This instance's sockets only: it is shutting down. */
  closeAll(reason: string): void;
}

/** Close code the web app reads as "signed out": it stops reconnecting. */
export const signedOutCloseCode = 4001;

/** Without a bus (a lone in-process hub), messages loop back at once. */
const loopback = (): Pick<RealtimeBus, 'publish' | 'onMessage'> => {
  const handlers: ((message: BusMessage) => void)[] = [];
  return {
    publish: (message) => queueMicrotask(() => handlers.forEach((handler) => handler(message))),
    onMessage: (handler) => void handlers.push(handler),
  };
};

export function createRealtimeHub(bus: Pick<RealtimeBus, 'publish' | 'onMessage'> = loopback()): RealtimeHub {
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const sessionOf = new WeakMap<WebSocket, string>();

  bus.onMessage((message) => {
    switch (message.kind) {
      case 'send': {
        const payload = JSON.stringify(message.event);
        for (const userId of message.userIds)
          for (const socket of socketsByUser.get(userId) ?? []) socket.send(payload);
        return;
      }
      case 'closeUser':
        for (const socket of socketsByUser.get(message.userId) ?? []) socket.close(signedOutCloseCode, message.reason);
        return;
      case 'closeSession':
        for (const sockets of socketsByUser.values()) {
          for (const socket of sockets) {
            if (sessionOf.get(socket) === message.sessionId) socket.close(signedOutCloseCode, message.reason);
          }
        }
    }
  });

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
      bus.publish({ kind: 'send', userIds: [userId], event });
    },
    sendMany(userIds, event) {
      if (userIds.length > 0) bus.publish({ kind: 'send', userIds: [...userIds], event });
    },
    closeUser(userId, reason) {
      bus.publish({ kind: 'closeUser', userId, reason });
    },
    closeSession(sessionId, reason) {
      bus.publish({ kind: 'closeSession', sessionId, reason });
    },
    closeAll(reason) {
      for (const sockets of socketsByUser.values()) for (const socket of sockets) socket.close(1001, reason);
    },
  };
}
