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
 */
export function createRealtime(environment: RealtimeEnvironment) {
  const handlers = new Map<string, Set<Handler>>();
  const reconnectHandlers = new Set<() => void>();
  let stopCurrent: (() => void) | undefined;

  function dispatch(event: RealtimeEvent) {
    for (const handler of handlers.get(event.type) ?? []) handler(event);
  }

  /** Opens the socket (closing any earlier one: one per tab). Returns the function that closes it. */
  function start({ onSignedOut }: { onSignedOut?: () => void } = {}): () => void {
    stopCurrent?.();
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
          // The server has us again: features catch up on what was sent meanwhile.
          if (everConnected) for (const handler of reconnectHandlers) handler();
          everConnected = true;
        }
        dispatch(event);
      });
      current.addEventListener('close', (event: CloseEvent) => {
        if (socket === current) socket = null;
        if (stopped) return;
        if (event.code === signedOutCloseCode) {
          stopped = true;
          onSignedOut?.();
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

    const stop = () => {
      stopped = true;
      if (typeof window !== 'undefined') window.removeEventListener('online', reconnectNow);
      clearTimeout(retryTimer);
      socket?.close(1000, 'left');
      socket = null;
      if (stopCurrent === stop) stopCurrent = undefined;
    };
    stopCurrent = stop;
    return stop;
  }

  return {
    start,
    /** Calls `handler` for every event of `type`; returns the unsubscribe function. */
    subscribe(type: string, handler: Handler): () => void {
      const set = handlers.get(type) ?? new Set<Handler>();
      set.add(handler);
      handlers.set(type, set);
      return () => void set.delete(handler);
    },
    /** Calls `handler` each time the socket is back after a drop (not on the first connect). */
    onReconnect(handler: () => void): () => void {
      reconnectHandlers.add(handler);
      return () => void reconnectHandlers.delete(handler);
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
