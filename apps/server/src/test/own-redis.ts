import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../lib/free-port.ts';

/**
 * A redis-server of the test's own on a free port of 127.0.0.1, for tests that stop or restart
 * Redis (an outage): the machine's Redis at 6379 is shared by every test and helper. Nothing is
 * kept on disk, so a restart empties it, as a Redis without persistence comes back.
 */
export interface OwnRedis {
  /** redis://127.0.0.1:<port>; the same across restarts. */
  readonly url: string;
  readonly port: number;
  /** True while the server runs (between start/restart and stop). */
  readonly running: boolean;
  /** Stops the server (SIGKILL, as a crash: clients see their connections reset). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** stop() then start(). */
  restart(): Promise<void>;
}

const started = new Set<OwnRedis>();

async function answersPing(port: number): Promise<boolean> {
  const probe = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 500,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Starts a redis-server (the binary on PATH, as CI installs it) and waits until it answers. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';

  const launch = async () => {
    output = '';
    const current = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = current;
    current.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    current.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const spawnFailed = new Promise<Error>((resolve) => current.once('error', resolve));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const failure = await Promise.race([spawnFailed, new Promise<null>((resolve) => setTimeout(resolve, 50, null))]);
      if (failure) throw new Error(`redis-server could not start (is it installed?): ${failure.message}`);
      if (current.exitCode !== null) throw new Error(`redis-server exited at once: ${output}`);
      if (await answersPing(port)) return;
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}: ${output}`);
    }
  };

  const stop = async () => {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };

  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    stop,
    start: launch,
    async restart() {
      await stop();
      await launch();
    },
  };
  await launch();
  started.add(redis);
  return redis;
}

/** Stops every redis-server started here (for afterAll). */
export async function stopOwnRedises(): Promise<void> {
  const all = [...started];
  started.clear();
  await Promise.all(all.map((redis) => redis.stop()));
}
