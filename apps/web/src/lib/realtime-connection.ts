/** The server closes a socket with this code when its user signs out: never reconnect after it. */
export const signedOutCloseCode = 4001;

export const reconnectDelayMs = { first: 1000, max: 30_000 } as const;

/** The realtime socket's address on this origin: ws:// beside http://, wss:// beside https://. */
export function realtimeUrl({ protocol, host }: Pick<Location, 'protocol' | 'host'>): string {
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/realtime`;
}

/**
 * How long to wait before reconnect attempt number `attempt` (0-based): 1 s, 2 s, 4 s …
 * up to 30 s. `jitter` (0-1) spreads the tabs a restarted server sees coming back, by up
 * to a fifth of the delay.
 */
export function reconnectDelay(attempt: number, jitter = 0): number {
  const base = Math.min(reconnectDelayMs.max, reconnectDelayMs.first * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * Math.min(1, Math.max(0, jitter))));
}
