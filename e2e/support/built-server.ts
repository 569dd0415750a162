import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/lib/free-port.ts';

const serverEntry = path.resolve('apps/server/dist/server.js');

/** Runs one statement on the PostgreSQL server of `serverUrl` (creating and dropping databases). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres)
 * the journeys run against a fresh database made on it, dropped at the end: the same app as a
 * real deployment, with a session secret of its own. Without it, the embedded database.
 */
async function databaseForRun(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (!serverUrl) return { env: { DATABASE_URL: '' }, drop: async () => undefined };
  const name = `huddle_e2e_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), SESSION_SECRET: randomBytes(32).toString('hex') },
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export interface BuiltServer {
  baseURL: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * The built app (npm run build) on a free port with a fresh database (embedded, or see
 * databaseForRun) and its own data folder, its log kept in a file there: mail goes to the outbox
 * and the log, so journeys follow reset links from there, as a person trying Huddle on a laptop
 * would. `env` adds or overrides settings; it is given the data folder. `host` is the name the
 * browser reaches it by (its public origin); a name other than 127.0.0.1 needs the browser to
 * resolve it (--host-resolver-rules), and its pages are then plain HTTP from a name that is not
 * the machine's own, as on a LAN: not a secure context.
 */
export async function startBuiltServer(
  env: (dataDir: string) => Record<string, string>,
  { host = '127.0.0.1' }: { host?: string } = {},
): Promise<BuiltServer> {
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build (npm test does it for you).');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const baseURL = `http://${host}:${port}`;
  const log = createWriteStream(logFile);
  const database = await databaseForRun();
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseURL,
      ...database.env,
      SMTP_URL: '',
      REDIS_URL: '',
      ...env(dataDir),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited early; see ${logFile}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseURL,
    dataDir,
    logFile,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
