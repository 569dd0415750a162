import { describe, expect, it } from 'vitest';
import {
  forgetFailedTiles,
  initialTileHealth,
  rememberTileHealth,
  tileErrorsBeforeFallback,
  tileHealthAfter,
  tileHealthFor,
  type TileEvent,
  type TileHealth,
} from './tile-health.ts';

const after = (events: TileEvent[], from: TileHealth = initialTileHealth) => events.reduce(tileHealthAfter, from);

describe('tileHealthAfter', () => {
  it('keeps the tiles once one has loaded, whatever fails later', () => {
    expect(after(['load']).state).toBe('working');
    expect(after(['error', 'load', 'error', 'error', 'error', 'timeout']).state).toBe('working');
  });

  it('falls back to the outline after a few errors with no tile loaded', () => {
    const errors = Array<TileEvent>(tileErrorsBeforeFallback - 1).fill('error');
    expect(after(errors).state).toBe('trying');
    expect(after([...errors, 'error']).state).toBe('failed');
    // Decided: a tile arriving after the switch does not flip the map back.
    expect(after([...errors, 'error', 'load']).state).toBe('failed');
  });

  it('falls back when the server neither answers nor fails in time', () => {
    expect(after(['timeout']).state).toBe('failed');
  });
});

describe('tileHealthFor', () => {
  it('remembers a failed server for the rest of the visit, until the browser is back online', () => {
    const url = 'https://tiles.example/{z}/{x}/{y}.png';
    expect(tileHealthFor(url)).toEqual(initialTileHealth);
    rememberTileHealth(url, after(['load']));
    expect(tileHealthFor(url).state).toBe('trying');
    rememberTileHealth(url, after(['timeout']));
    expect(tileHealthFor(url).state).toBe('failed');
    expect(tileHealthFor('https://other.example/{z}/{x}/{y}.png').state).toBe('trying');
    forgetFailedTiles();
    expect(tileHealthFor(url).state).toBe('trying');
  });
});
