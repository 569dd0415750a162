/**
 * Where a start has got to. Issue 31: under load, a restarted cluster instance once stayed
 * "starting" for good (its port answering 503, its job workers running) with no sign of which
 * step it was in. Each step is logged with the time since the start when LOG_LEVEL is debug or
 * trace; a start that has not reached serving within START_TIMEOUT_MS says which step it is in
 * and ends the process with status 1, so a supervisor starts it again instead of a load balancer
 * seeing a port that answers "starting" forever.
 */
export interface StartProgress {
  /** The step the start has just begun. */
  step(name: string): void;
  /** Serving: the watchdog stops. */
  done(): void;
}

export interface StartProgressOptions {
  /** 0: no limit. */
  limitMs: number;
  verbose: boolean;
  log: (line: string) => void;
  /** Called once when the limit passes before done(); the process is expected to end. */
  onStuck: (step: string, elapsedMs: number) => void;
  now?: () => number;
}

export function trackStartProgress({
  limitMs,
  verbose,
  log,
  onStuck,
  now = () => performance.now(),
}: StartProgressOptions): StartProgress {
  const startedAt = now();
  const elapsed = () => Math.round(now() - startedAt);
  let current = 'loading';
  let finished = false;
  const watchdog =
    limitMs > 0
      ? setTimeout(() => {
          if (!finished) onStuck(current, elapsed());
        }, limitMs)
      : undefined;
  // The listener keeps the process alive while it starts; the watchdog alone must not.
  watchdog?.unref();
  return {
    step(name) {
      current = name;
      if (verbose) log(`start: ${name} (${elapsed()} ms)`);
    },
    done() {
      finished = true;
      if (watchdog) clearTimeout(watchdog);
      if (verbose) log(`start: serving (${elapsed()} ms)`);
    },
  };
}
