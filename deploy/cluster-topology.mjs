// The cluster topology on one machine, without containers (issue 31, decision 065): a PostgreSQL
// primary made with the installed binaries, a streaming replica made from it with pg_basebackup -R,
// a Redis, three Huddle instances sharing one files folder, and Caddy in front. `npm run cluster`
// (deploy/cluster.mjs) starts it for people; `npm run test:cluster` (bench/cluster-faults.mjs)
// starts the same topology and breaks it piece by piece. Everything here is native processes
// from Debian's packages; nothing comes from an image registry.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
export const host = '127.0.0.1';
export const instanceCount = 3;

/**
 * Caddy's active check runs every second; an instance told to stop answers /api/ready with 503 at
 * once and keeps serving for DRAIN_DELAY_MS, so Caddy has taken it out (one failed check, plus a
 * check that was already under way) well before it stops accepting requests.
 */
export const healthIntervalMs = 1_000;
export const drainDelayMs = 3_000;

/**
 * The variables every instance gets, by name (README "Running more than one instance" and
 * docker-compose.yml list the same set; deploy/cluster-topology.test.ts keeps them in step).
 */
export const instanceVariables = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_REPLICA_URL',
  'REDIS_URL',
  'SESSION_SECRET',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'PUBLIC_ORIGIN',
  'TRUST_PROXY',
  'DRAIN_DELAY_MS',
  'SEED_DEMO',
  'LOG_LEVEL',
];

// ---- packages ---------------------------------------------------------------------

/** The newest installed PostgreSQL's binaries folder that has pg_basebackup (Debian's layout). */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], 'bin') : undefined;
}

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const isRoot = () => process.getuid?.() === 0;

/** Installs caddy, PostgreSQL and redis-server with apt-get when missing (as root); otherwise says what is missing. */
export function ensurePackages(log = console.log) {
  const missing = [];
  if (!onPath('caddy')) missing.push('caddy');
  if (!postgresBinDir()) missing.push('postgresql');
  if (!onPath('redis-server')) missing.push('redis-server');
  if (missing.length === 0) return;
  if (!isRoot()) {
    throw new Error(
      `Missing: ${missing.join(', ')}. Install them (sudo apt-get install -y ${missing.join(' ')}) and run again.`,
    );
  }
  log(`Installing ${missing.join(', ')} with apt-get…`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

// ---- small pieces -----------------------------------------------------------------

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** A Web Push (VAPID) pair as web-push makes it: the P-256 public point and private scalar, base64url. */
export function generateVapidKeys() {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: curve.getPrivateKey().toString('base64url'),
  };
}

/** PostgreSQL refuses to run as root: its commands run as the postgres user then. */
function asPostgres(command, args) {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function runPostgresTool(binDir, tool, args) {
  const [command, finalArgs] = asPostgres(path.join(binDir, tool), args);
  const result = spawnSync(command, finalArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

function chownToPostgres(file) {
  if (!isRoot()) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(file, uid, gid);
}

/** The same, without blocking the event loop: the fault test keeps its load running meanwhile. */
function runPostgresToolAsync(binDir, tool, args) {
  const [command, finalArgs] = asPostgres(path.join(binDir, tool), args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, finalArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${tool} ${args.join(' ')} failed:\n${output}`)),
    );
  });
}

function ownedByPostgres(dir) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chownToPostgres(dir);
}

async function waitFor(what, check, { timeoutMs = 60_000, intervalMs = 100, process: child } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && exited(child)) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode})`);
    try {
      if (await check()) return;
    } catch {
      // not there yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
    await sleep(intervalMs);
  }
}

// ---- PostgreSQL -------------------------------------------------------------------

/**
 * One PostgreSQL server run by pg_ctl (it outlives a crash of this script, so every way out
 * stops it: see stopSync). `dir` is its data folder, which holds its socket too.
 */
function postgresServer(binDir, dir, port, logFile) {
  const server = {
    dir,
    port,
    url: (database = 'huddle') => `postgres://postgres@${host}:${port}/${database}`,
    running: () => {
      const [command, args] = asPostgres(path.join(binDir, 'pg_ctl'), ['status', '-D', dir]);
      return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
    },
    async start() {
      if (server.running()) return;
      // The server writes its log itself, as the postgres user.
      appendFileSync(logFile, '');
      chownToPostgres(logFile);
      await runPostgresToolAsync(binDir, 'pg_ctl', ['start', '-w', '-t', '60', '-D', dir, '-l', logFile]);
      await waitFor(`PostgreSQL on port ${port}`, async () => {
        const client = new pg.Client({ connectionString: server.url('postgres') });
        await client.connect();
        await client.end();
        return true;
      });
    },
    /** Fast shutdown: sessions are ended, the shutdown checkpoint runs, as an operator's restart does. */
    async stop(mode = 'fast') {
      if (!server.running()) return;
      await runPostgresToolAsync(binDir, 'pg_ctl', ['stop', '-w', '-t', '60', '-m', mode, '-D', dir]);
    },
    /** For exit handlers, which cannot wait for a promise. */
    stopSync(mode = 'fast') {
      if (!server.running()) return;
      runPostgresTool(binDir, 'pg_ctl', ['stop', '-w', '-t', '60', '-m', mode, '-D', dir]);
    },
  };
  return server;
}

function writePostgresSettings(file, settings) {
  appendFileSync(
    file,
    `\n# Huddle cluster (deploy/cluster-topology.mjs)\n${Object.entries(settings)
      .map(([key, value]) => `${key} = ${typeof value === 'number' ? value : `'${value}'`}`)
      .join('\n')}\n`,
  );
}

/** A fresh primary in `dir` (initdb, trust on 127.0.0.1 only), or the one already there. */
async function preparePrimary(binDir, dir, port, logFile) {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    ownedByPostgres(dir);
    runPostgresTool(binDir, 'initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    writePostgresSettings(path.join(dir, 'postgresql.conf'), {
      listen_addresses: host,
      port,
      unix_socket_directories: dir,
      // Three instances of 10 pooled connections, their job queues and realtime, the replica, tools.
      max_connections: 200,
      wal_level: 'replica',
      max_wal_senders: 5,
      // The replica catches up from here after being stopped for a while.
      wal_keep_size: '256MB',
      hot_standby: 'on',
    });
  }
  const server = postgresServer(binDir, dir, port, logFile);
  await server.start();
  const client = new pg.Client({ connectionString: server.url('postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query(`select 1 from pg_database where datname = 'huddle'`);
    if (rowCount === 0) await client.query('create database huddle');
  } finally {
    await client.end();
  }
  return server;
}

/** A streaming replica of the primary (pg_basebackup -R writes standby.signal and primary_conninfo). */
async function prepareReplica(binDir, dir, port, primary, logFile) {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    ownedByPostgres(dir);
    runPostgresTool(binDir, 'pg_basebackup', [
      '-h',
      host,
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    // The copied postgresql.conf names the primary's port and socket folder; later lines win.
    writePostgresSettings(path.join(dir, 'postgresql.auto.conf'), { port, unix_socket_directories: dir });
  }
  const server = postgresServer(binDir, dir, port, logFile);
  await server.start();
  return server;
}

/** Whether the replica is streaming from the primary (pg_stat_replication on the primary). */
export async function replicaStreaming(primary) {
  const client = new pg.Client({ connectionString: primary.url('postgres') });
  await client.connect();
  try {
    const { rows } = await client.query(`select state from pg_stat_replication`);
    return rows.some((row) => row.state === 'streaming');
  } finally {
    await client.end();
  }
}

// ---- Redis, instances, Caddy --------------------------------------------------------

/** Child processes of this topology; killed on every way out (see stopEverythingSync). */
const children = new Set();

function spawnTracked(command, args, { logFile, env, cwd } = {}) {
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child, signal = 'SIGTERM', graceMs = 15_000) {
  if (!child || exited(child)) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  if (await Promise.race([gone.then(() => false), sleep(graceMs).then(() => true)])) {
    child.kill('SIGKILL');
    await gone;
  }
}

async function ping(url, path = '/api/ready', timeoutMs = 2_000) {
  const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
  await response.arrayBuffer();
  return response.status === 200;
}

/** Huddle's own error shape (packages/shared errors), so the web app shows its usual message. */
const unavailableBody = JSON.stringify({
  error: { code: 'UNAVAILABLE', message: 'Huddle is restarting. Please try again in a moment.' },
});

export function caddyfileFor({ port, instancePorts }) {
  const upstreams = instancePorts.map((instancePort) => `${host}:${instancePort}`).join(' ');
  // The shape of deploy/Caddyfile's (huddle) block, on plain HTTP: no certificates for 127.0.0.1.
  return `# Written by deploy/cluster-topology.mjs; regenerated at every start.
{
	admin off
	auto_https off
}

http://${host}:${port} {
	encode zstd gzip
	# The Host header is passed on unchanged: Huddle serves a custom domain's site by it.
	# Websocket upgrades (/api/realtime) pass through reverse_proxy as they are.
	reverse_proxy ${upstreams} {
		lb_policy round_robin
		# A request that could not reach an instance (refused, reset before it was sent) tries the
		# next one for up to 5 s, so an instance going away costs no request that had not started.
		lb_try_duration 5s
		lb_try_interval 100ms
		health_uri /api/ready
		health_interval ${healthIntervalMs / 1000}s
		health_timeout 2s
		fail_duration 10s
	}
	# No instance could take the request (all restarting, or the database away and every instance
	# not ready): the one error shape, 503 with Retry-After, instead of Caddy's bare 502.
	handle_errors {
		@unavailable expression \`{err.status_code} in [502, 503, 504]\`
		handle @unavailable {
			header Retry-After 5
			header Content-Type application/json
			respond \`${unavailableBody}\` 503
		}
	}
}
`;
}

/**
 * Starts the whole topology in `dir` (made when missing; kept between runs, so the demo data,
 * secrets and ports stay). Resolves once Caddy answers and every instance is ready.
 */
export async function startCluster({
  dir,
  caddyPort,
  log = console.log,
  instanceEnv = {},
  logLevel = 'info',
  seedDemo = true,
}) {
  mkdirSync(dir, { recursive: true });
  const logsDir = path.join(dir, 'logs');
  mkdirSync(logsDir, { recursive: true });
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('No PostgreSQL binaries with pg_basebackup under /usr/lib/postgresql.');
  if (!existsSync(serverEntry))
    throw new Error(`Huddle is not built (${path.relative(repoRoot, serverEntry)} missing).`);

  // Ports and secrets are chosen once and kept: the replica's primary_conninfo names the primary's
  // port, and sessions signed with the secret outlive a restart of the cluster.
  const stateFile = path.join(dir, 'cluster.json');
  const state = existsSync(stateFile)
    ? JSON.parse(readFileSync(stateFile, 'utf8'))
    : {
        ports: {
          primary: await freePort(),
          replica: await freePort(),
          redis: await freePort(),
          instances: await Promise.all(Array.from({ length: instanceCount }, () => freePort())),
          caddy: caddyPort ?? ((await portIsFree(8080)) ? 8080 : await freePort()),
        },
        sessionSecret: randomBytes(32).toString('hex'),
        vapid: generateVapidKeys(),
      };
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  const { ports } = state;
  for (const [name, port] of [
    ['Caddy', ports.caddy],
    ['Redis', ports.redis],
    ...ports.instances.map((p, i) => [`instance ${i + 1}`, p]),
  ]) {
    if (!(await portIsFree(port))) {
      throw new Error(
        `Port ${port} (${name}) is taken: is the cluster already running? Stop it, or remove ${dir} to start over.`,
      );
    }
  }

  const cluster = {
    dir,
    url: `http://${host}:${ports.caddy}`,
    ports,
    sessionSecret: state.sessionSecret,
    vapid: state.vapid,
    filesDir: path.join(dir, 'files'),
    primary: undefined,
    replica: undefined,
    redis: undefined,
    caddy: undefined,
    /** One entry per instance: its port, URL and current child process. */
    instances: ports.instances.map((port, index) => ({ index, port, url: `http://${host}:${port}`, child: undefined })),
  };
  // From here on every way out stops what was started, a failed start included.
  liveClusters.add(cluster);

  log(`PostgreSQL primary on ${host}:${ports.primary} (${path.relative(repoRoot, dir) || dir}/primary)`);
  cluster.primary = await preparePrimary(
    binDir,
    path.join(dir, 'primary'),
    ports.primary,
    path.join(logsDir, 'primary.log'),
  );
  log(`PostgreSQL replica on ${host}:${ports.replica} (pg_basebackup -R, streaming)`);
  cluster.replica = await prepareReplica(
    binDir,
    path.join(dir, 'replica'),
    ports.replica,
    cluster.primary,
    path.join(logsDir, 'replica.log'),
  );
  await waitFor('replication', () => replicaStreaming(cluster.primary), { timeoutMs: 30_000 });

  cluster.startRedis = async () => {
    cluster.redis = spawnTracked(
      'redis-server',
      ['--port', String(ports.redis), '--bind', host, '--save', '', '--appendonly', 'no'],
      {
        logFile: path.join(logsDir, 'redis.log'),
      },
    );
    await waitFor(
      'Redis',
      async () => {
        const answer = spawnSync('redis-cli', ['-h', host, '-p', String(ports.redis), 'ping'], { encoding: 'utf8' });
        return answer.stdout.trim() === 'PONG';
      },
      { process: cluster.redis },
    );
  };
  cluster.stopRedis = async () => stopChild(cluster.redis, 'SIGTERM');
  log(`Redis on ${host}:${ports.redis}`);
  await cluster.startRedis();

  mkdirSync(cluster.filesDir, { recursive: true });
  cluster.instanceEnvironment = (instance) => ({
    NODE_ENV: 'production',
    HOST: host,
    PORT: String(instance.port),
    // Shared by all three: with the secrets below in the environment, an instance keeps only
    // uploads (uploads/, private/) in DATA_DIR, so one folder is the shared files folder.
    DATA_DIR: cluster.filesDir,
    DATABASE_URL: cluster.primary.url(),
    DATABASE_REPLICA_URL: cluster.replica.url(),
    REDIS_URL: `redis://${host}:${ports.redis}`,
    SESSION_SECRET: cluster.sessionSecret,
    VAPID_PUBLIC_KEY: cluster.vapid.publicKey,
    VAPID_PRIVATE_KEY: cluster.vapid.privateKey,
    PUBLIC_ORIGIN: cluster.url,
    TRUST_PROXY: 'true',
    DRAIN_DELAY_MS: String(drainDelayMs),
    // One instance seeds the demo (it checks what is there first); the others only migrate, taking
    // turns under the migrations' advisory lock.
    SEED_DEMO: seedDemo && instance.index === 0 ? 'true' : 'false',
    LOG_LEVEL: logLevel,
    ...instanceEnv,
  });
  cluster.startInstance = (instance) => {
    const environment = { ...process.env, ...cluster.instanceEnvironment(instance) };
    // The developer's shell must not point an instance elsewhere (SMTP, S3 and the like come from instanceEnv).
    for (const name of ['SMTP_URL', 'S3_BUCKET', 'STRIPE_SECRET_KEY', 'WEB_DIST_DIR']) {
      if (!(name in instanceEnv)) delete environment[name];
    }
    instance.child = spawnTracked(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: environment,
      logFile: path.join(logsDir, `instance-${instance.index + 1}.log`),
    });
    return instance.child;
  };
  cluster.waitInstanceReady = async (instance, timeoutMs = 120_000) => {
    await waitFor(
      `instance ${instance.index + 1}`,
      async () => {
        if (exited(instance.child)) {
          throw new Error(
            `instance ${instance.index + 1} exited; see ${path.join(logsDir, `instance-${instance.index + 1}.log`)}`,
          );
        }
        return ping(instance.url);
      },
      { timeoutMs },
    ).catch((error) => {
      if (exited(instance.child)) {
        const tail = readFileSync(path.join(logsDir, `instance-${instance.index + 1}.log`), 'utf8').slice(-2000);
        throw new Error(`instance ${instance.index + 1} exited while starting:\n${tail}`);
      }
      throw error;
    });
  };
  cluster.stopInstance = async (instance, signal = 'SIGTERM') => stopChild(instance.child, signal);

  log(`Huddle instances on ${cluster.instances.map((instance) => instance.port).join(', ')} (started together)`);
  for (const instance of cluster.instances) cluster.startInstance(instance);
  await Promise.all(cluster.instances.map((instance) => cluster.waitInstanceReady(instance)));

  const caddyfile = path.join(dir, 'Caddyfile');
  writeFileSync(caddyfile, caddyfileFor({ port: ports.caddy, instancePorts: ports.instances }));
  log(`Caddy on ${cluster.url} (${path.relative(repoRoot, caddyfile) || caddyfile})`);
  cluster.caddy = spawnTracked('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    logFile: path.join(logsDir, 'caddy.log'),
    // Caddy keeps its own state under XDG_DATA_HOME; here, beside the rest.
    env: { ...process.env, XDG_DATA_HOME: path.join(dir, 'caddy'), XDG_CONFIG_HOME: path.join(dir, 'caddy') },
  });
  await waitFor('Caddy', () => ping(cluster.url), { process: cluster.caddy }).catch((error) => {
    throw new Error(`${error.message}; see ${path.join(logsDir, 'caddy.log')}`);
  });

  cluster.stop = async () => {
    await stopChild(cluster.caddy);
    await Promise.all(cluster.instances.map((instance) => stopChild(instance.child)));
    await stopChild(cluster.redis);
    await cluster.replica.stop();
    await cluster.primary.stop();
    liveClusters.delete(cluster);
  };
  return cluster;
}

const liveClusters = new Set();

/**
 * Last resort on any exit (an error, a second Ctrl+C, process.exit): kill what is left and stop
 * both PostgreSQL servers, which pg_ctl runs apart from this process.
 */
export function stopEverythingSync() {
  for (const child of children) {
    if (!exited(child)) child.kill('SIGKILL');
  }
  children.clear();
  for (const cluster of liveClusters) {
    for (const server of [cluster.replica, cluster.primary]) {
      try {
        server?.stopSync('immediate');
      } catch {
        // best effort
      }
    }
  }
  liveClusters.clear();
}
process.on('exit', stopEverythingSync);
