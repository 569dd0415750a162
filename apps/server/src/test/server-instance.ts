import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/free-port.ts';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

/** Redis for tests of the Redis paths: the machine's own, as CI provides it. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ServerInstance {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

const started: ServerInstance[] = [];
const dataDirs: string[] = [];

/**
 * A real server process (server.ts through tsx) on an existing database, as one of several
 * instances behind a load balancer: they share the database, the secret and the public origin.
 */
export async function startServerInstance(options: {
  databaseUrl: string;
  redisUrl: string;
  sessionSecret: string;
  publicOrigin: string;
  /** More settings for this instance (error reporting, analytics). */
  env?: Record<string, string>;
}): Promise<ServerInstance> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-instance-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: options.publicOrigin,
      DATABASE_URL: options.databaseUrl,
      SESSION_SECRET: options.sessionSecret,
      SMTP_URL: '',
      REDIS_URL: options.redisUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '10000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const instance = { child, baseUrl, output: () => output };
  started.push(instance);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early: ${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return instance;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops every instance started here (SIGTERM, as a deploy would) and removes their folders. */
export async function stopServerInstances(): Promise<void> {
  await Promise.all(
    started.splice(0).map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
