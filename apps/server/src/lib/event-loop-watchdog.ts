import { Worker } from 'node:worker_threads';

/**
 * The embedded database (PGlite) runs on the server's own thread; when it hangs (decision 011)
 * the event loop never comes back: no request is answered, no log line is written and SIGTERM's
 * handler cannot run. A worker thread watches a heartbeat the main thread writes every second;
 * when it is older than `stalledMs`, the worker writes one fatal log line to stderr and kills
 * the process, so a supervisor (or the person at the terminal) sees why and can start it again.
 */
export interface EventLoopWatchdog {
  stop: () => Promise<void>;
}

// Runs in the worker: plain JavaScript, so it needs no build step of its own.
const watcherSource = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const beat = new Float64Array(workerData.heartbeat);
setInterval(() => {
  const stalledFor = Date.now() - beat[0];
  if (stalledFor < workerData.stalledMs) return;
  const line = { level: 60, time: Date.now(), pid: process.pid, stalledMs: Math.round(stalledFor), msg: workerData.message };
  writeSync(2, JSON.stringify(line) + '\\n');
  process.kill(process.pid, 'SIGKILL');
}, Math.min(1000, workerData.stalledMs / 4));
`;

export function startEventLoopWatchdog({
  stalledMs,
  message,
}: {
  stalledMs: number;
  message: string;
}): EventLoopWatchdog {
  const heartbeat = new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT);
  const beat = new Float64Array(heartbeat);
  beat[0] = Date.now();
  const ticker = setInterval(
    () => {
      beat[0] = Date.now();
    },
    Math.min(1000, stalledMs / 4),
  );
  ticker.unref();
  const worker = new Worker(watcherSource, {
    eval: true,
    // Its own plain Node: none of the parent's loaders or flags (tsx, --input-type=module).
    execArgv: [],
    workerData: { heartbeat, stalledMs, message },
  });
  worker.unref();
  return {
    stop: async () => {
      clearInterval(ticker);
      await worker.terminate();
    },
  };
}
