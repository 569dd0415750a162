import { describe, expect, it } from 'vitest';
import { homeBlockState, homeListLimit, isHomeBlockShown } from './home-block-state.ts';

const pendingQuery = { status: 'pending' as const, items: undefined };

describe('homeBlockState (spec §4 home blocks)', () => {
  it('is pending until the block enters the viewport', () => {
    const state = homeBlockState({ reached: false, enabled: true, query: pendingQuery });
    expect(state).toEqual({ status: 'pending', items: null });
    expect(isHomeBlockShown(state)).toBe(false);
  });

  it('shows the items already there before the block is reached (a server-rendered home, issue 33)', () => {
    const state = homeBlockState({ reached: false, enabled: true, query: { status: 'success', items: ['a'] } });
    expect(state).toEqual({ status: 'success', items: ['a'] });
    expect(isHomeBlockShown(state)).toBe(true);
  });

  it('is loading with no items while the first answer is awaited', () => {
    const state = homeBlockState({ reached: true, enabled: true, query: pendingQuery });
    expect(state).toEqual({ status: 'loading', items: null });
    expect(isHomeBlockShown(state)).toBe(false);
  });

  it('succeeds with the first 7 items', () => {
    const items = Array.from({ length: 10 }, (_, index) => index);
    const state = homeBlockState({ reached: true, enabled: true, query: { status: 'success', items } });
    expect(state.status).toBe('success');
    expect(state.items).toEqual(items.slice(0, homeListLimit));
    expect(homeListLimit).toBe(7);
    expect(isHomeBlockShown(state)).toBe(true);
  });

  it('fails to an empty list, shown as the empty state (no message)', () => {
    const state = homeBlockState({ reached: true, enabled: true, query: { status: 'error', items: undefined } });
    expect(state).toEqual({ status: 'error', items: [] });
    expect(isHomeBlockShown(state)).toBe(true);
  });

  it('keeps showing the items it has when a later refresh fails', () => {
    const state = homeBlockState({ reached: true, enabled: true, query: { status: 'error', items: ['a'] } });
    expect(state).toEqual({ status: 'success', items: ['a'] });
  });

  it('shows an empty list without asking when there is nothing to ask for (no city)', () => {
    expect(homeBlockState({ reached: false, enabled: false, query: pendingQuery })).toEqual({
      status: 'pending',
      items: null,
    });
    const state = homeBlockState({ reached: true, enabled: false, query: pendingQuery });
    expect(state).toEqual({ status: 'success', items: [] });
    expect(isHomeBlockShown(state)).toBe(true);
  });
});
