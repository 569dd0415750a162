// npm run bench:start: how long the built server takes from spawn to a healthy
// GET /api/health, on an embedded database that already exists (a restart).
// Goal: under 3000 ms. Prints figures and exits 0; exits 1 only when it cannot measure.
import {
  freePort,
  makeTempDir,
  median,
  ms,
  removeTempDir,
  requireServerBuild,
  runBench,
  spawnServer,
  stopChild,
  waitHealthy,
} from './lib/harness.mjs';

const runs = 5;
const goalMs = 3000;
const pollMs = 20;

requireServerBuild();

await runBench('bench:start', 5 * 60_000, async () => {
  const dataDir = makeTempDir('huddle-bench-start-');
  console.log('Server start time (spawn -> first 200 from GET /api/health, polled every 20 ms)');
  console.log(`data folder: ${dataDir}\n`);

  // First start creates the embedded database, runs the migrations and seeds the demo data.
  {
    const started = performance.now();
    const server = spawnServer({ dataDir, port: await freePort() });
    const healthyAt = await waitHealthy(server, { intervalMs: pollMs, timeoutMs: 120_000 });
    console.log(`first start (create + migrate + seed, not counted): ${ms(healthyAt - started)}`);
    await stopChild(server.child);
  }

  const times = [];
  for (let run = 1; run <= runs; run++) {
    const port = await freePort();
    const started = performance.now();
    const server = spawnServer({ dataDir, port });
    try {
      const healthyAt = await waitHealthy(server, { intervalMs: pollMs, timeoutMs: 60_000 });
      times.push(healthyAt - started);
      console.log(`run ${run}/${runs}: ${ms(healthyAt - started)}`);
    } finally {
      await stopChild(server.child);
    }
  }
  removeTempDir(dataDir);

  const fastest = Math.min(...times);
  const middle = median(times);
  const slowest = Math.max(...times);
  console.log(`\nmin ${ms(fastest)}   median ${ms(middle)}   max ${ms(slowest)}`);
  console.log(`goal: median under ${goalMs} ms -> ${middle < goalMs ? 'PASS' : 'ABOVE GOAL'}`);
});
