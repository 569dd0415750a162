import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from './db/embedded-postgres.ts';
import { freePort } from './lib/free-port.ts';
import { exitOf, spawnServer } from './test/server-process.ts';

// The server process while it starts: apart from server-shutdown.test.ts so that two Vitest workers
// share the suite's slowest tests (each starts a real server on a new embedded PostgreSQL).
describe('starting the server', () => {
  it('stops its PostgreSQL when SIGTERM arrives while it is still starting', async () => {
    const startingDir = mkdtempSync(path.join(tmpdir(), 'huddle-start-stop-'));
    try {
      const child = spawnServer(await freePort(), startingDir);
      const pidFile = path.join(startingDir, 'pg', 'postmaster.pid');
      // The PostgreSQL is up (its pid file written); Huddle is migrating or about to.
      let postgresPid = 0;
      while (postgresPid <= 0 && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (existsSync(pidFile)) postgresPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]) || 0;
      }
      child.kill('SIGTERM');
      expect(await exitOf(child)).toBe(0);
      expect(isProcessAlive(postgresPid)).toBe(false);
    } finally {
      rmSync(startingDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is not ready while starting (database, migrations) and while draining after SIGTERM; alive meanwhile', async () => {
    const readinessDir = mkdtempSync(path.join(tmpdir(), 'huddle-readiness-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // Seeding off: the start is the cluster's creation and the migrations, the window to observe.
    const child = spawnServer(port, readinessDir, { SEED_DEMO: 'false', DRAIN_DELAY_MS: '1500' });
    const ready = () =>
      fetch(`${baseUrl}/api/ready`).then(
        async (response) => ({ status: response.status, state: response.headers.get('x-huddle-state') }),
        () => ({ status: 0, state: null }),
      );
    try {
      const seen: { status: number; state: string | null }[] = [];
      const deadline = Date.now() + 90_000;
      for (;;) {
        const answer = await ready();
        if (answer.status !== 0) seen.push(answer);
        if (answer.status === 200 || Date.now() > deadline || child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The port answers from the start: 503 "starting" until the app serves, then 200.
      expect(seen[0]).toEqual({ status: 503, state: 'starting' });
      expect(seen.at(-1)?.status).toBe(200);
      expect(seen.every((answer) => answer.status === 200 || answer.state === 'starting')).toBe(true);

      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Draining: out of the load balancer, still alive and still serving what comes.
      expect(await ready()).toEqual({ status: 503, state: 'draining' });
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
      expect(await exitOf(child)).toBe(0);
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exitOf(child);
      }
      rmSync(readinessDir, { recursive: true, force: true });
    }
  }, 120_000);
});
