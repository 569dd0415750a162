import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server process (server.ts through tsx) on its own embedded PostgreSQL in `dataDir`, for
 * the tests of starting and stopping it (server-shutdown.test.ts, server-starting.test.ts).
 */
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

export function spawnServer(port: number, dataDir: string, extraEnv: Record<string, string> = {}): ChildProcess {
  const baseUrl = `http://127.0.0.1:${port}`;
  return spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseUrl,
      DATABASE_URL: '',
      SESSION_SECRET: '',
      SMTP_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '10000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The exit code of a child process, once it has exited. */
export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );
