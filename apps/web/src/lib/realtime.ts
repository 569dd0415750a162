import { resyncEvent } from '@huddle/shared/realtime';
import { realtimeUrl, reconnectDelay, signedOutCloseCode } from './realtime-connection.ts';

/** What the server pushes over /api/realtime: a `type` and the fields of that type. */
export type RealtimeEvent = { type: string } & Record<string, unknown>;
type Handler = (event: RealtimeEvent) => void;

/** The bits of the browser the connection uses; tests pass fakes. */
export interface RealtimeEnvironment {
  createSocket(url: string): WebSocket;
  location: Pick<Location, 'protocol' | 'host'>;
  random(): number;
}

/**
 * The tab's one realtime socket (issue 12): features subscribe by event type and hear when it
 * is back after a drop, so they can fetch what they missed. Reconnects with backoff (1 s → 30 s,
 * at once when the browser is back online); stops for good after the server's sign-out close.
 * Pages also watch public topics (decision 055): signed out, watching opens the socket for them.
 */
export function createRealtime(environment: RealtimeEnvironment) {
  const handlers = new Map<string, Set<Handler>>();
  const topicHandlers = new Map<string, Set<Handler>>();
  const reconnectHandlers = new Set<() => void>();
  let stopCurrent: ((reopenForTopics?: boolean) => void) | undefined;
  /** Who opened the current socket: the signed-in app shell, or topic watchers alone. */
  let openedFor: 'session' | 'topics' | undefined;
  /** The current socket once the server has greeted it: topic messages go over it. */
  let greeted: WebSocket | null = null;

  function dispatch(event: RealtimeEvent) {
    for (const handler of handlers.get(event.type) ?? []) handler(event);
    if (typeof event.topic === 'string') for (const handler of topicHandlers.get(event.topic) ?? []) handler(event);
  }

  const sendTopic = (type: 'subscribe' | 'unsubscribe', topic: string) =>
    greeted?.send(JSON.stringify({ type, topic }));

  function open(purpose: 'session' | 'topics', onSignedOut?: () => void): () => void {
    stopCurrent?.(false);
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let everConnected = false;

    const connect = () => {
      const current = environment.createSocket(realtimeUrl(environment.location));
      socket = current;
      current.addEventListener('message', (message: MessageEvent) => {
        let event: RealtimeEvent;
        try {
          event = JSON.parse(String(message.data)) as RealtimeEvent;
        } catch {
          return;
        }
        if (event.type === 'connected') {
          attempt = 0;
          greeted = current;
          // A new socket has no topics: join the watched ones again.
          for (const topic of topicHandlers.keys()) sendTopic('subscribe', topic);
          // The server has us again: features catch up on what was sent meanwhile.
          if (everConnected) for (const handler of reconnectHandlers) handler();
          everConnected = true;
        }
        // Events may have been lost between the server's instances (decision 067): catch up
        // exactly as after a reconnect.
        if (event.type === resyncEvent) for (const handler of reconnectHandlers) handler();
        dispatch(event);
      });
      current.addEventListener('close', (event: CloseEvent) => {
        if (socket === current) socket = null;
        if (greeted === current) greeted = null;
        if (stopped) return;
        if (event.code === signedOutCloseCode) {
          stop(false);
          onSignedOut?.();
          // Signed out now: the pages still watching go on, over a signed-out socket.
          if (topicHandlers.size > 0 && !stopCurrent) open('topics');
          return;
        }
        retryTimer = setTimeout(connect, reconnectDelay(attempt, environment.random()));
        attempt += 1;
      });
    };
    // Back online after a network loss: try at once rather than wait out the backoff.
    const reconnectNow = () => {
      if (stopped || socket) return;
      clearTimeout(retryTimer);
      connect();
    };
    connect();
    if (typeof window !== 'undefined') window.addEventListener('online', reconnectNow);

    const stop = (reopenForTopics = true) => {
      if (stopped) return;
      stopped = true;
      if (typeof window !== 'undefined') window.removeEventListener('online', reconnectNow);
      clearTimeout(retryTimer);
      if (greeted === socket) greeted = null;
      socket?.close(1000, 'left');
      socket = null;
      if (stopCurrent !== stop) return;
      stopCurrent = undefined;
      openedFor = undefined;
      if (reopenForTopics && purpose === 'session' && topicHandlers.size > 0) open('topics');
    };
    stopCurrent = stop;
    openedFor = purpose;
    return () => stop();
  }

  return {
    /** Opens the socket (closing any earlier one: one per tab). Returns the function that closes it. */
    start({ onSignedOut }: { onSignedOut?: () => void } = {}): () => void {
      return open('session', onSignedOut);
    },
    /** Calls `handler` for every event of `type`; returns the unsubscribe function. */
    subscribe(type: string, handler: Handler): () => void {
      const set = handlers.get(type) ?? new Set<Handler>();
      set.add(handler);
      handlers.set(type, set);
      return () => void set.delete(handler);
    },
    /**
     * Calls `handler` each time the socket is back after a drop (not on the first connect), and
     * when the server says events may have been lost (a `resync`): the handler fetches again.
     */
    onReconnect(handler: () => void): () => void {
      reconnectHandlers.add(handler);
      return () => void reconnectHandlers.delete(handler);
    },
    /**
     * Joins a public topic (decision 055) and calls `onEvent` with its events (and a
     * `topic.refused` one if the server says no). Opens the socket if nobody is signed in;
     * joins again after every reconnect; returns the function that leaves the topic.
     */
    watchTopic(topic: string, onEvent: Handler): () => void {
      const set = topicHandlers.get(topic) ?? new Set<Handler>();
      const first = set.size === 0;
      set.add(onEvent);
      topicHandlers.set(topic, set);
      if (!stopCurrent) open('topics');
      else if (first) sendTopic('subscribe', topic);
      return () => {
        if (!set.delete(onEvent) || set.size > 0) return;
        topicHandlers.delete(topic);
        sendTopic('unsubscribe', topic);
        if (topicHandlers.size === 0 && openedFor === 'topics') stopCurrent?.();
      };
    },
  };
}

const tabRealtime = createRealtime({
  createSocket: (url) => new WebSocket(url),
  location: typeof window === 'undefined' ? { protocol: 'http:', host: 'localhost' } : window.location,
  random: Math.random,
});

/** Opens this tab's socket; the app shell does it once while someone is signed in. */
export const startRealtime = tabRealtime.start;
export const subscribeRealtime = tabRealtime.subscribe;
export const onRealtimeReconnect = tabRealtime.onReconnect;
export const watchRealtimeTopic = tabRealtime.watchTopic;
