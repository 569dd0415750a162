import { useEffect, useRef } from 'react';
import { realtimeUrl, reconnectDelay, signedOutCloseCode } from './realtime-connection.ts';

/**
 * Spec §4, presence: online while connected, offline on disconnect and on sign-out.
 * Holds the realtime socket open while `userId` is signed in; reconnects with backoff
 * (1 s → 30 s) when it drops unexpectedly; stops after the server's sign-out close
 * (4001) and calls `onSignedOut`, so the app can read the session again; closes on
 * unmount or when the user changes.
 */
export function usePresence(userId: string | null, onSignedOut?: () => void): void {
  // The latest callback, without reopening the socket when its identity changes.
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  }, [onSignedOut]);

  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      const current = new WebSocket(realtimeUrl(window.location));
      socket = current;
      current.addEventListener('open', () => {
        attempt = 0;
      });
      current.addEventListener('close', (event) => {
        if (socket === current) socket = null;
        if (stopped) return;
        if (event.code === signedOutCloseCode) {
          stopped = true;
          onSignedOutRef.current?.();
          return;
        }
        retryTimer = setTimeout(connect, reconnectDelay(attempt, Math.random()));
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
    window.addEventListener('online', reconnectNow);

    return () => {
      stopped = true;
      window.removeEventListener('online', reconnectNow);
      clearTimeout(retryTimer);
      socket?.close(1000, 'left');
      socket = null;
    };
  }, [userId]);
}
