/**
 * Whether the tile server answers (decision 017). The map asks for tiles whenever the server's
 * config names a tile server (OpenStreetMap's by default); an install without internet, or a
 * blocked or broken tile server, would show an empty blue box. Tile errors before any tile
 * has loaded switch the map to the offline outline of the US states instead.
 */
export type TileState = 'trying' | 'working' | 'failed';

export interface TileHealth {
  state: TileState;
  errors: number;
}

/** A few failures, not one: a single missing tile at the world's edge is no outage. */
export const tileErrorsBeforeFallback = 3;
/** A server that neither answers nor fails (a dropped connection) counts as failed after this. */
export const tileTimeoutMs = 15_000;

export const initialTileHealth: TileHealth = { state: 'trying', errors: 0 };

export type TileEvent = 'load' | 'error' | 'timeout';

/**
 * The next state after a tile loads, fails, or the wait runs out. Decided once: a working
 * layer keeps showing through later errors (one tile out of many), a failed one stays failed.
 */
export function tileHealthAfter(health: TileHealth, event: TileEvent): TileHealth {
  if (health.state !== 'trying') return health;
  if (event === 'load') return { ...health, state: 'working' };
  if (event === 'timeout') return { ...health, state: 'failed' };
  const errors = health.errors + 1;
  return { state: errors >= tileErrorsBeforeFallback ? 'failed' : 'trying', errors };
}

// Tile servers that failed during this visit: the next map goes straight to the outline
// instead of asking again and showing an empty box for a moment on every page.
const failedTileUrls = new Set<string>();

export function tileHealthFor(url: string): TileHealth {
  return failedTileUrls.has(url) ? { state: 'failed', errors: tileErrorsBeforeFallback } : initialTileHealth;
}

export function rememberTileHealth(url: string, health: TileHealth): void {
  if (health.state === 'failed') failedTileUrls.add(url);
}

/** Back online: try the tile servers again on the next map. */
export function forgetFailedTiles(): void {
  failedTileUrls.clear();
}
