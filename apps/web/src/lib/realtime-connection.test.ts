import { describe, expect, it } from 'vitest';
import { realtimeUrl, reconnectDelay } from './realtime-connection.ts';

describe('realtimeUrl', () => {
  it('follows the page: ws beside http, wss beside https', () => {
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/realtime');
    expect(realtimeUrl({ protocol: 'https:', host: 'huddle.example' })).toBe('wss://huddle.example/api/realtime');
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => reconnectDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('takes at most a fifth off with jitter, never more', () => {
    expect(reconnectDelay(0, 1)).toBe(800);
    expect(reconnectDelay(10, 0.5)).toBe(27_000);
    expect(reconnectDelay(10, 7)).toBe(24_000);
  });
});
