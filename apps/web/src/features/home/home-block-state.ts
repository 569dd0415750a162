/** Spec §2/§9: the home lists show their first 7 items. */
export const homeListLimit = 7;

/**
 * Spec §4, home blocks (userEvents, eventsNearBy, usersNearby, userRegistrations): pending
 * until the block first enters the viewport (unless its items are already there), loading while its first answer is awaited (no
 * items yet), then success with the items, or error with an empty list (spec §8: no message;
 * the block offers "Try again").
 */
export type HomeBlockStatus = 'pending' | 'loading' | 'success' | 'error';

export interface HomeBlockState<T> {
  status: HomeBlockStatus;
  /** Null until there is something to show. */
  items: T[] | null;
}

export interface HomeBlockInput<T> {
  /** The block has entered the viewport at least once. */
  reached: boolean;
  /** The block has something to ask for (the nearby blocks need the user's city). */
  enabled: boolean;
  /** The query's own status (TanStack Query) and its items. */
  query: { status: 'pending' | 'error' | 'success'; items: T[] | undefined };
}

export function homeBlockState<T>({ reached, enabled, query }: HomeBlockInput<T>): HomeBlockState<T> {
  // Already there (the server rendered home with it, issue 33; or an earlier visit): shown at once,
  // on the server and in the hydration of its markup alike. Data wins over a failed refetch too:
  // what was shown stays shown.
  if (enabled && query.items !== undefined) return { status: 'success', items: query.items.slice(0, homeListLimit) };
  // Nothing to ask for: an empty list at once, which the block shows as its empty state.
  if (!enabled) return reached ? { status: 'success', items: [] } : { status: 'pending', items: null };
  if (!reached) return { status: 'pending', items: null };
  if (query.status === 'error') return { status: 'error', items: [] };
  return { status: 'loading', items: null };
}

/** Spec §4: a block shows only when its items are not null and it is not loading. */
export function isHomeBlockShown<T>(state: HomeBlockState<T>): state is HomeBlockState<T> & { items: T[] } {
  return state.items !== null && state.status !== 'loading';
}
