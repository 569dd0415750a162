import type { EventSummary } from '@huddle/shared/events';

/**
 * Spec §3 "Favorites state: userId, favorites, state, error" and §4 "Favorites load: Pending,
 * Loading, then Success or Error". The list lives in TanStack Query; this maps the query's
 * status onto the spec's four states, so screens read one small value.
 */
export type FavoritesStatus = 'pending' | 'loading' | 'success' | 'error';

export interface FavoritesState {
  userId: string | null;
  /** Ids of the user's favourite events; empty until loaded, and on error (spec §8). */
  favorites: string[];
  state: FavoritesStatus;
  /** Kept for logs and tests; spec §8: a loader failure shows no message. */
  error: string | null;
}

/** The parts of a TanStack query result the mapping reads. */
export interface FavoritesQuery {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  data?: { events: Pick<EventSummary, 'id'>[] } | undefined;
  error: Error | null;
}

export function favoritesStateOf(userId: string | null, query: FavoritesQuery): FavoritesState {
  // Signed out, or not asked yet: nothing is loading.
  if (!userId) return { userId: null, favorites: [], state: 'pending', error: null };
  if (query.status === 'success') {
    return { userId, favorites: (query.data?.events ?? []).map((event) => event.id), state: 'success', error: null };
  }
  if (query.status === 'error') {
    return { userId, favorites: [], state: 'error', error: query.error?.message ?? 'Could not load favourites.' };
  }
  return { userId, favorites: [], state: query.fetchStatus === 'idle' ? 'pending' : 'loading', error: null };
}

/**
 * Whether an event is a favourite. Only a loaded list is trusted; while it is pending or
 * loading, or after an error (an empty list), the event view's own flag answers.
 */
export function isFavoriteIn(state: FavoritesState, eventId: string, fallback: boolean): boolean {
  return state.state === 'success' ? state.favorites.includes(eventId) : fallback;
}

/** The favourites list after a toggle, for the optimistic cache write: added first, or removed. */
export function withFavorite<List extends { events: EventSummary[] }>(
  list: List,
  event: EventSummary,
  favorite: boolean,
): List {
  const others = list.events.filter((item) => item.id !== event.id);
  return { ...list, events: favorite ? [event, ...others] : others };
}
