import { useEffect, useRef } from 'react';
import { startRealtime } from '../../lib/realtime.ts';

/**
 * Spec §4, presence: online while connected, offline on disconnect and on sign-out.
 * Holds the tab's realtime socket (lib/realtime.ts) open while `userId` is signed in; it
 * reconnects with backoff and stops after the server's sign-out close (4001), then calls
 * `onSignedOut`, so the app can read the session again; closes on unmount or when the
 * user changes.
 */
export function usePresence(userId: string | null, onSignedOut?: () => void): void {
  // The latest callback, without reopening the socket when its identity changes.
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  }, [onSignedOut]);

  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    // Opened in a task of its own, not in the commit of the page's first render: making a
    // socket costs a phone's main thread several milliseconds (issue 11, Total Blocking Time).
    let stop: (() => void) | undefined;
    const timer = setTimeout(() => {
      stop = startRealtime({ onSignedOut: () => onSignedOutRef.current?.() });
    }, 0);
    return () => {
      clearTimeout(timer);
      stop?.();
    };
  }, [userId]);
}
