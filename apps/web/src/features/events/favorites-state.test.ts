import type { EventSummary } from '@huddle/shared/events';
import { describe, expect, it } from 'vitest';
import { favoritesStateOf, isFavoriteIn, withFavorite, type FavoritesQuery } from './favorites-state.ts';

const query = (changes: Partial<FavoritesQuery>): FavoritesQuery => ({
  status: 'pending',
  fetchStatus: 'idle',
  error: null,
  ...changes,
});
const list = { events: [{ id: 'a' }, { id: 'b' }] };

describe('favourites state (spec §3 and §4: Pending, Loading, then Success or Error)', () => {
  it('is pending with an empty list when nobody is signed in, whatever the query says', () => {
    expect(favoritesStateOf(null, query({ status: 'success', data: list }))).toEqual({
      userId: null,
      favorites: [],
      state: 'pending',
      error: null,
    });
  });

  it('is pending before the load starts, then loading while it runs', () => {
    expect(favoritesStateOf('u1', query({})).state).toBe('pending');
    expect(favoritesStateOf('u1', query({ fetchStatus: 'fetching' }))).toEqual({
      userId: 'u1',
      favorites: [],
      state: 'loading',
      error: null,
    });
    // Offline: the request waits, and it still counts as loading.
    expect(favoritesStateOf('u1', query({ fetchStatus: 'paused' })).state).toBe('loading');
  });

  it('holds the favourite ids on success, and stays a success while refreshing', () => {
    expect(favoritesStateOf('u1', query({ status: 'success', data: list }))).toEqual({
      userId: 'u1',
      favorites: ['a', 'b'],
      state: 'success',
      error: null,
    });
    expect(favoritesStateOf('u1', query({ status: 'success', fetchStatus: 'fetching', data: list })).state).toBe(
      'success',
    );
  });

  it('on error keeps an empty list and the reason (spec §8: no message is shown)', () => {
    expect(favoritesStateOf('u1', query({ status: 'error', error: new Error('offline') }))).toEqual({
      userId: 'u1',
      favorites: [],
      state: 'error',
      error: 'offline',
    });
  });

  it('trusts only a loaded list; otherwise the event view answers', () => {
    const loaded = favoritesStateOf('u1', query({ status: 'success', data: list }));
    expect(isFavoriteIn(loaded, 'a', false)).toBe(true);
    expect(isFavoriteIn(loaded, 'c', true)).toBe(false);
    const failed = favoritesStateOf('u1', query({ status: 'error', error: new Error('x') }));
    expect(isFavoriteIn(failed, 'a', true)).toBe(true);
    expect(isFavoriteIn(favoritesStateOf('u1', query({ fetchStatus: 'fetching' })), 'a', false)).toBe(false);
  });

  it('adds a new favourite first and removes an old one, once', () => {
    const event = (id: string) => ({ id }) as EventSummary;
    const before = { events: [event('a'), event('b')], nextStartId: null };
    expect(withFavorite(before, event('c'), true).events.map((item) => item.id)).toEqual(['c', 'a', 'b']);
    expect(withFavorite(before, event('b'), true).events.map((item) => item.id)).toEqual(['b', 'a']);
    expect(withFavorite(before, event('a'), false).events.map((item) => item.id)).toEqual(['b']);
    expect(withFavorite(before, event('a'), false).nextStartId).toBeNull();
  });
});
