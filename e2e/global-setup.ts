import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const serverEntry = path.resolve('apps/server/dist/server.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built app on a free port with a fresh embedded database, and keeps its
 * log in a file: mail goes to the outbox and the log, so journeys follow reset links
 * from there, as a person trying Huddle on a laptop would.
 */
export default async function globalSetup() {
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build (npm test does it for you).');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseURL,
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT_MAX: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited early; see ${logFile}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_LOG = logFile;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
