import { realtimeLimits, realtimeTopic, resyncEvent, topicRefusedEvent } from '@huddle/shared/realtime';
import type { WebSocket } from 'ws';
import type { BusMessage, RealtimeBus, RealtimeEvent } from './realtime-bus.ts';
import type { EndedSessions } from './session.ts';

/** Whether this viewer (null: signed out) may hear the topic of the thing with this id. */
export type TopicGate = (viewerId: string | null, id: string) => Promise<boolean>;

/**
 * The realtime sockets of every instance, by user and by public topic. Features push to a user's
 * tabs through it, wherever those tabs are connected; signing out closes them. Signed-out sockets
 * are never added by user: they hear only the topics they joined (decision 055). Each call goes over the bus and
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
  /**
   * Public topics (decision 055): a feature lets viewers join `<prefix>:<id>` when `mayHear`
   * says so (for a thing anyone who may read it may watch, signed in or not).
   */
  allowTopic(prefix: string, mayHear: TopicGate): void;
  /** Joins a socket to a topic, or answers `topic.refused`; signed-out sockets pass null. */
  subscribe(socket: WebSocket, viewerId: string | null, topic: string): Promise<void>;
  unsubscribe(socket: WebSocket, topic: string): void;
  /** Forgets a closed socket's topics. */
  leaveTopics(socket: WebSocket): void;
  /** To every socket on every instance that joined the topic. */
  publish(topic: string, event: RealtimeEvent): void;
  /**
   * Server-side watchers of a topic prefix (decision 073: caches of public lists): `watcher(id)`
   * for every `<prefix>:<id>` published on any instance (on this one also at once, before the bus
   * brings it back), and `watcher(null)` on a resync, when messages may have been lost.
   */
  watchTopics(prefix: string, watcher: TopicWatcher): void;
}

export type TopicWatcher = (id: string | null) => void;

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

export interface RealtimeHubOptions {
  /**
   * Hears every end of sessions: at once on the instance that ended them (before the bus brings
   * it back, so its next request is already signed out), and again from the bus on every
   * instance; 'all' when the bus may have lost messages (a resync). lib/session.ts's cache.
   */
  onSessionsEnded?(ended: EndedSessions): void;
}

export function createRealtimeHub(
  bus: Pick<RealtimeBus, 'publish' | 'onMessage'> = loopback(),
  { onSessionsEnded = () => undefined }: RealtimeHubOptions = {},
): RealtimeHub {
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const sessionOf = new WeakMap<WebSocket, string>();
  const gates = new Map<string, TopicGate>();
  const socketsByTopic = new Map<string, Set<WebSocket>>();
  const topicsOf = new Map<WebSocket, Set<string>>();
  // Checks under way count toward the limit: a client cannot queue up unbounded lookups.
  const checking = new Map<WebSocket, number>();
  const watchers = new Map<string, TopicWatcher[]>();
  const tellWatchers = (topic: string) => {
    const colon = topic.indexOf(':');
    for (const watcher of watchers.get(topic.slice(0, colon)) ?? []) watcher(topic.slice(colon + 1));
  };

  const refuse = (socket: WebSocket, topic: string) => socket.send(JSON.stringify({ type: topicRefusedEvent, topic }));
  const leave = (socket: WebSocket, topic: string) => {
    const sockets = socketsByTopic.get(topic);
    sockets?.delete(socket);
    if (sockets?.size === 0) socketsByTopic.delete(topic);
    topicsOf.get(socket)?.delete(topic);
  };

  bus.onMessage((message) => {
    switch (message.kind) {
      case 'send': {
        const payload = JSON.stringify(message.event);
        for (const userId of message.userIds)
          for (const socket of socketsByUser.get(userId) ?? []) socket.send(payload);
        return;
      }
      case 'closeUser':
        onSessionsEnded({ userId: message.userId });
        for (const socket of socketsByUser.get(message.userId) ?? []) socket.close(signedOutCloseCode, message.reason);
        return;
      case 'closeSession':
        onSessionsEnded({ sessionId: message.sessionId });
        for (const sockets of socketsByUser.values()) {
          for (const socket of sockets) {
            if (sessionOf.get(socket) === message.sessionId) socket.close(signedOutCloseCode, message.reason);
          }
        }
        return;
      case 'topic': {
        // The topic tells the client which watcher the event is for.
        const payload = JSON.stringify({ ...message.event, topic: message.topic });
        for (const socket of socketsByTopic.get(message.topic) ?? []) socket.send(payload);
        tellWatchers(message.topic);
        return;
      }
      case 'resync': {
        onSessionsEnded('all');
        // Every socket here that may have missed something: signed-in ones and topic watchers.
        const payload = JSON.stringify({ type: resyncEvent });
        const told = new Set<WebSocket>();
        for (const sockets of socketsByUser.values()) for (const socket of sockets) told.add(socket);
        for (const socket of topicsOf.keys()) told.add(socket);
        for (const socket of told) socket.send(payload);
        for (const list of watchers.values()) for (const watcher of list) watcher(null);
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
      onSessionsEnded({ userId });
      bus.publish({ kind: 'closeUser', userId, reason });
    },
    closeSession(sessionId, reason) {
      onSessionsEnded({ sessionId });
      bus.publish({ kind: 'closeSession', sessionId, reason });
    },
    closeAll(reason) {
      for (const sockets of socketsByUser.values()) for (const socket of sockets) socket.close(1001, reason);
      for (const socket of topicsOf.keys()) socket.close(1001, reason);
    },
    allowTopic(prefix, mayHear) {
      gates.set(prefix, mayHear);
    },
    async subscribe(socket, viewerId, topic) {
      const joinedCount = () => topicsOf.get(socket)?.size ?? 0;
      if (topicsOf.get(socket)?.has(topic)) return;
      const gate = realtimeTopic.safeParse(topic).success ? gates.get(topic.split(':')[0]!) : undefined;
      const pending = checking.get(socket) ?? 0;
      if (!gate || joinedCount() + pending >= realtimeLimits.topicsPerSocket) return refuse(socket, topic);
      checking.set(socket, pending + 1);
      // A failing check (the database, an id of the wrong shape) refuses like a "no".
      const allowed = await gate(viewerId, topic.slice(topic.indexOf(':') + 1)).catch(() => false);
      const left = (checking.get(socket) ?? 1) - 1;
      if (left > 0) checking.set(socket, left);
      else checking.delete(socket);
      // The answer took a while: the socket may have closed meanwhile.
      if (socket.readyState !== socket.OPEN) return;
      if (!allowed) return refuse(socket, topic);
      const joined = topicsOf.get(socket) ?? new Set<string>();
      joined.add(topic);
      topicsOf.set(socket, joined);
      const sockets = socketsByTopic.get(topic) ?? new Set<WebSocket>();
      sockets.add(socket);
      socketsByTopic.set(topic, sockets);
    },
    unsubscribe(socket, topic) {
      leave(socket, topic);
    },
    leaveTopics(socket) {
      for (const topic of topicsOf.get(socket) ?? []) leave(socket, topic);
      topicsOf.delete(socket);
      checking.delete(socket);
    },
    publish(topic, event) {
      // This instance's watchers need not wait for the bus: a read right after the write here sees it.
      tellWatchers(topic);
      bus.publish({ kind: 'topic', topic, event });
    },
    watchTopics(prefix, watcher) {
      watchers.set(prefix, [...(watchers.get(prefix) ?? []), watcher]);
    },
  };
}
