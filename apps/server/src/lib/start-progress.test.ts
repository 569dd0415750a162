import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackStartProgress } from './start-progress.ts';

describe('start progress', () => {
  afterEach(() => vi.useRealTimers());

  it('names the step a start is stuck in once the limit passes', () => {
    vi.useFakeTimers();
    const onStuck = vi.fn();
    const progress = trackStartProgress({ limitMs: 1_000, verbose: false, log: () => undefined, onStuck });
    progress.step('migrations');
    progress.step('app ready');
    vi.advanceTimersByTime(999);
    expect(onStuck).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onStuck).toHaveBeenCalledExactlyOnceWith('app ready', expect.any(Number));
  });

  it('stops watching once serving', () => {
    vi.useFakeTimers();
    const onStuck = vi.fn();
    const progress = trackStartProgress({ limitMs: 1_000, verbose: false, log: () => undefined, onStuck });
    progress.step('listening');
    progress.done();
    vi.advanceTimersByTime(5_000);
    expect(onStuck).not.toHaveBeenCalled();
  });

  it('logs each step with the time since the start only when verbose', () => {
    let clock = 0;
    const lines: string[] = [];
    const quiet = trackStartProgress({
      limitMs: 0,
      verbose: false,
      log: (line) => lines.push(line),
      onStuck: () => undefined,
    });
    quiet.step('migrations');
    expect(lines).toEqual([]);
    const verbose = trackStartProgress({
      limitMs: 0,
      verbose: true,
      log: (line) => lines.push(line),
      onStuck: () => undefined,
      now: () => clock,
    });
    clock = 120;
    verbose.step('migrations');
    clock = 450;
    verbose.done();
    expect(lines).toEqual(['start: migrations (120 ms)', 'start: serving (450 ms)']);
  });
});
