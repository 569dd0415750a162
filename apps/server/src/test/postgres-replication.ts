import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../lib/free-port.ts';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 (postgresql package); the embedded package has no pg_basebackup. */
export const postgresBinDir = process.env.TEST_POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port: a primary made
 * with initdb, or a streaming replica of one made with pg_basebackup -R (decision 066). The
 * cluster helper (several instances, one primary and one replica) starts them the same way.
 */
export interface PostgresServer {
  role: 'primary' | 'replica';
  port: number;
  dataDir: string;
  /** A URL to `database` on this server as the superuser postgres (trust on 127.0.0.1). */
  url(database?: string): string;
}

/**
 * PostgreSQL refuses to run as root: as root the binaries run as the postgres user, whose folders
 * these are; as anyone else, as that user.
 */
async function runPostgresTool(tool: string, args: string[]): Promise<string> {
  const binary = path.join(postgresBinDir, tool);
  const [command, commandArgs] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    const { stdout } = await run(command, commandArgs, { cwd: tmpdir(), timeout: 120_000 });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${tool} ${args.join(' ')} failed: ${stderr || stdout || String(error)}`, { cause: error });
  }
}

async function postgresUserIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/** Where a server lives: a free port and a fresh folder under the system's temporary folder, unless given. */
export interface PostgresServerOptions {
  port?: number;
  /** The folder to make the server's data folder in (a fresh one inside); the postgres user must be able to enter it. */
  parentDir?: string;
}

/** An empty folder the server's user owns (PostgreSQL wants its data folder private to it). */
async function serverFolder(prefix: string, parentDir = tmpdir()): Promise<string> {
  const folder = mkdtempSync(path.join(parentDir, prefix));
  const ids = await postgresUserIds();
  if (ids) chownSync(folder, ids.uid, ids.gid);
  return folder;
}

function serverAt(role: PostgresServer['role'], port: number, dataDir: string): PostgresServer {
  return {
    role,
    port,
    dataDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
  };
}

/**
 * Settings for a test server: only on 127.0.0.1, its socket in its own folder, no fsync (a test's
 * data need not survive a power cut), and room for a replica to stream (wal_level replica,
 * senders, kept WAL, standby reads).
 */
function testSettings(port: number, dataDir: string): string {
  return [
    '',
    '# Written by apps/server/src/test/postgres-replication.ts',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dataDir}'`,
    'fsync = off',
    'full_page_writes = off',
    'wal_level = replica',
    'max_wal_senders = 5',
    "wal_keep_size = '256MB'",
    'hot_standby = on',
    // Several instances, each with its pool, pg-boss's and a listener, share it (the cluster).
    'max_connections = 200',
    "shared_buffers = '32MB'",
    '',
  ].join('\n');
}

/** Starts a server whose folder is ready; pg_ctl waits until it accepts connections (a replica: reads). */
export async function startPostgresServer(server: PostgresServer): Promise<void> {
  await runPostgresTool('pg_ctl', [
    '-D',
    server.dataDir,
    '-l',
    path.join(server.dataDir, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
}

/** Stops a server (fast: open sessions are ended, as an operator or a failure would). */
export async function stopPostgresServer(server: PostgresServer): Promise<void> {
  await runPostgresTool('pg_ctl', ['-D', server.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
}

/** Stops the server if it runs and removes its folder. */
export async function removePostgresServer(server: PostgresServer): Promise<void> {
  await stopPostgresServer(server).catch(() => undefined);
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** A fresh primary (initdb, trust on 127.0.0.1 including replication), started. */
export async function startPrimaryServer(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const dataDir = await serverFolder('huddle-pg-primary-', options.parentDir);
  const port = options.port ?? (await freePort());
  await runPostgresTool('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '--no-instructions',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  appendFileSync(path.join(dataDir, 'postgresql.conf'), testSettings(port, dataDir));
  const server = serverAt('primary', port, dataDir);
  await startPostgresServer(server);
  return server;
}

/**
 * A streaming replica of `primary` (pg_basebackup -R writes primary_conninfo and standby.signal),
 * on its own port, started and accepting reads.
 */
export async function startReplicaServer(
  primary: PostgresServer,
  options: PostgresServerOptions = {},
): Promise<PostgresServer> {
  const dataDir = await serverFolder('huddle-pg-replica-', options.parentDir);
  const port = options.port ?? (await freePort());
  await runPostgresTool('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '--checkpoint=fast',
    '--no-sync',
  ]);
  // The copied settings name the primary's port and socket folder; the last line wins.
  appendFileSync(path.join(dataDir, 'postgresql.conf'), testSettings(port, dataDir));
  const server = serverAt('replica', port, dataDir);
  await startPostgresServer(server);
  return server;
}

/**
 * Freezes every process of the server (SIGSTOP), as a machine that stops answering without closing
 * its connections; `thawPostgresServer` lets them go on. Thaw in a finally: a frozen server cannot stop.
 */
export async function freezePostgresServer(server: PostgresServer): Promise<void> {
  for (const pid of await serverProcesses(server)) process.kill(pid, 'SIGSTOP');
}

export async function thawPostgresServer(server: PostgresServer): Promise<void> {
  for (const pid of await serverProcesses(server)) process.kill(pid, 'SIGCONT');
}

/** The postmaster (first line of postmaster.pid) and its children. */
async function serverProcesses(server: PostgresServer): Promise<number[]> {
  const postmaster = Number(readFileSync(path.join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)]);
  return [
    postmaster,
    ...stdout
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0),
  ];
}

/** Runs one statement on `url` on its own connection and returns its rows. */
export async function queryServer<Row = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Stops applying WAL on the replica: what the primary commits from now on is not seen there. */
export async function pauseReplay(replica: PostgresServer): Promise<void> {
  await queryServer(replica.url(), 'select pg_wal_replay_pause()');
}

export async function resumeReplay(replica: PostgresServer): Promise<void> {
  await queryServer(replica.url(), 'select pg_wal_replay_resume()');
}

/** Waits until the replica has replayed everything the primary has written so far. */
export async function waitForReplay(
  primary: PostgresServer,
  replica: PostgresServer,
  timeoutMs = 30_000,
): Promise<void> {
  const [{ lsn }] = (await queryServer<{ lsn: string }>(primary.url(), 'select pg_current_wal_lsn()::text as lsn')) as [
    { lsn: string },
  ];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryServer<{ caught_up: boolean }>(
      replica.url(),
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up',
      [lsn],
    );
    if (row?.caught_up) return;
    if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${lsn} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
