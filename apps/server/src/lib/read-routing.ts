import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import {
  DatabaseBusyError,
  isCausedBy,
  openReplicaDatabase,
  PoolInsideTransactionError,
  ReplicaInsideTransactionError,
  type Database,
  type PoolOptions,
} from '../db/client.ts';
import { AppError } from './app-error.ts';

/**
 * Where reads go (decision 066). Routes pick here, in one place, the database a read that may be
 * a few seconds stale uses, and pass it to the service as its `db`: the streaming replica of
 * DATABASE_REPLICA_URL while it is close enough behind the primary, else the primary.
 *
 * Read-your-writes: every write request (any method but GET, HEAD and OPTIONS) gets a cookie that
 * lives `maxLagMs`; a client carrying it reads from the primary. The replica is used only while it
 * has replayed everything the primary had committed `maxLagMs` ago, so once the cookie is gone the
 * write is on the replica. It works for guests (no session) and across instances, as the cookie
 * travels with the client and each instance compares only times of its own clock.
 */
export interface ReadRouting {
  /** Reads anyone may see a little late (discover, nearby, search): the replica unless this client just wrote. */
  staleRead<T>(request: FastifyRequest, read: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Public pages (an event, team, place or site): the replica only for a visitor (no session) who
   * did not just write. A signed-in viewer's page carries their own state (joined, waitlisted,
   * favorite, credit), read from the primary.
   */
  visitorRead<T>(request: FastifyRequest, viewerId: string | undefined, read: (db: Database) => Promise<T>): Promise<T>;
  /** Undefined without DATABASE_REPLICA_URL. */
  replicaStatus(): ReplicaStatus | undefined;
  /** Stale-ok reads answered by each database since start (GET /metrics). */
  readonly readsServed: { replica: number; primary: number };
}

/**
 * starting: no check has answered yet; in-use: within the bound; lagging: further behind than the
 * bound; down: not answering (or not a standby).
 */
export type ReplicaState = 'starting' | 'in-use' | 'lagging' | 'down';

export interface ReplicaStatus {
  state: ReplicaState;
  /** How stale a read on the replica may be right now, in seconds; null until a check has told. */
  lagSeconds: number | null;
}

/** Set on every write's reply; while the browser keeps it, that client reads from the primary. */
export const wroteRecentlyCookie = 'huddle_wrote';

const checkIntervalMs = 1_000;
/** A check that takes longer counts the replica as down: reads should not wait on it either. */
const checkTimeoutMs = 2_000;
/** The replica is there to take load off the primary, not to make reads wait: a busy one is skipped. */
const replicaAcquireTimeoutMs = 2_000;

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ReadRoutingOptions {
  primary: Database;
  replica: { url: string; maxLagMs: number } | undefined;
  pool: PoolOptions;
  /** PUBLIC_ORIGIN is https: the cookie is Secure. */
  secureCookies: boolean;
  log: FastifyBaseLogger;
}

/**
 * The routing for `app`: with a replica, its pool and the periodic lag check start here and stop
 * when the app closes. Without one every read goes to the primary and no cookie is set.
 */
export function createReadRouting(app: FastifyInstance, options: ReadRoutingOptions): ReadRouting {
  const { primary, replica: replicaConfig } = options;
  const readsServed = { replica: 0, primary: 0 };
  if (!replicaConfig) {
    const onPrimary = <T>(read: (db: Database) => Promise<T>) => {
      readsServed.primary += 1;
      return read(primary);
    };
    return {
      staleRead: (_request, read) => onPrimary(read),
      visitorRead: (_request, _viewerId, read) => onPrimary(read),
      replicaStatus: () => undefined,
      readsServed,
    };
  }

  const { maxLagMs } = replicaConfig;
  const replica = openReplicaDatabase(replicaConfig.url, primary, {
    ...options.pool,
    acquireTimeoutMs: Math.min(options.pool.acquireTimeoutMs ?? replicaAcquireTimeoutMs, replicaAcquireTimeoutMs),
    // A replica that stops answering (a frozen process keeps its sockets open) fails the read,
    // which is then answered from the primary, instead of holding it for good.
    queryTimeoutMs: options.pool.acquireTimeoutMs ?? 10_000,
  });
  const monitor = startReplicaMonitor({
    primaryConnection: connectionOf(primary),
    replicaConnection: connectionOf(replica.db),
    maxLagMs,
    log: options.log,
  });
  app.addHook('onClose', async () => {
    await monitor.stop();
    await replica.close();
  });

  // Before the reply is sent, so a client that reads right after a write already carries it.
  const cookie = `${wroteRecentlyCookie}=1; Max-Age=${Math.ceil(maxLagMs / 1000)}; Path=/; HttpOnly; SameSite=Lax${
    options.secureCookies ? '; Secure' : ''
  }`;
  app.addHook('onSend', async (request, reply) => {
    if (!writeMethods.has(request.method)) return;
    const previous = reply.getHeader('set-cookie');
    const cookies = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
    reply.header('set-cookie', [...cookies, cookie]);
  });

  const onReplica = async <T>(request: FastifyRequest, read: (db: Database) => Promise<T>): Promise<T> => {
    if (wroteRecently(request) || !monitor.usable()) {
      readsServed.primary += 1;
      return read(primary);
    }
    try {
      const result = await read(replica.db);
      readsServed.replica += 1;
      return result;
    } catch (error) {
      // A "not found" may be a row the replica has not replayed yet (a link shared the moment the
      // event was made): the primary has the last word. Other answers of the service stand.
      if (error instanceof AppError && error.code !== 'NOT_FOUND') throw error;
      // A mistake in the code, not the replica's: it must fail where it is written.
      if (isCausedBy(error, ReplicaInsideTransactionError) || isCausedBy(error, PoolInsideTransactionError))
        throw error;
      // Read-only work, so running it again is safe; the reader never sees the replica fail.
      if (isConnectionFailure(error)) monitor.failed(error);
      else if (!(error instanceof AppError)) {
        // A query cancelled by replay (a recovery conflict) or one the replica cannot run.
        options.log.warn({ err: error }, 'a read failed on the replica; answered from the primary');
      }
      readsServed.primary += 1;
      return read(primary);
    }
  };

  return {
    staleRead: onReplica,
    visitorRead: (request, viewerId, read) => {
      if (viewerId !== undefined) {
        readsServed.primary += 1;
        return read(primary);
      }
      return onReplica(request, read);
    },
    replicaStatus: () => monitor.status(),
    readsServed,
  };
}

/** Error codes of a server that cannot be reached, or that went away, as node and pg report them. */
const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * The replica is unreachable or went away (as opposed to one query failing): connection refused
 * or reset, a connect or read timeout, the pool's acquire timeout, SQLSTATE class 08 (connection
 * exception) or 57P (the server shutting down or still starting).
 */
function isConnectionFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof DatabaseBusyError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (connectionErrorCodes.has(code) || /^(08|57P)/.test(code))) return true;
    if (/Connection terminated|timeout/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

function wroteRecently(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  return header !== undefined && new RegExp(`(?:^|;\\s*)${wroteRecentlyCookie}=`).test(header);
}

/** Where a pool connects (drizzle keeps the pool it was opened on; its type leaves it out). */
function connectionOf(db: Database): pg.ClientConfig {
  const { connectionString, host, port, database, user, password, options } = (db as unknown as { $client: pg.Pool })
    .$client.options;
  return { connectionString, host, port, database, user, password, options };
}

/** One connection, opened when first needed and again after it fails; every step bounded by the check's timeout. */
function createProbe(connection: pg.ClientConfig) {
  let client: pg.Client | undefined;
  return {
    async query(text: string): Promise<Record<string, unknown>> {
      try {
        if (!client) {
          client = new pg.Client({
            ...connection,
            connectionTimeoutMillis: checkTimeoutMs,
            query_timeout: checkTimeoutMs,
          });
          // A server that goes away between checks must not take the process down; the next query fails instead.
          client.on('error', () => undefined);
          await client.connect();
        }
        return (await client.query(text)).rows[0] as Record<string, unknown>;
      } catch (error) {
        const broken = client;
        client = undefined;
        // Not awaited: ending a connection to a server that does not answer may take long.
        void broken?.end().catch(() => undefined);
        throw error;
      }
    },
    async close() {
      const open = client;
      client = undefined;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        open?.end().catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, checkTimeoutMs))),
      ]);
      clearTimeout(timer);
    },
  };
}

/** A WAL location ("16/B374D848") as a number that compares. */
function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

interface ReplicaMonitor {
  usable(): boolean;
  status(): ReplicaStatus;
  /** A read failed on the replica: off it until a check answers again. */
  failed(error: unknown): void;
  stop(): Promise<void>;
}

/**
 * Every second: the primary's WAL position, kept with the time it was read, and the position the
 * replica has replayed. The replica holds everything the primary had committed at the newest
 * sample its replayed position has reached, so "how stale" is the time since that sample: exact
 * with writes flowing, zero on an idle primary (where now() - pg_last_xact_replay_timestamp()
 * would grow forever), and growing on its own when checks stop answering.
 */
function startReplicaMonitor({
  primaryConnection,
  replicaConnection,
  maxLagMs,
  log,
}: {
  primaryConnection: pg.ClientConfig;
  replicaConnection: pg.ClientConfig;
  maxLagMs: number;
  log: FastifyBaseLogger;
}): ReplicaMonitor {
  /** Primary positions, oldest first, kept long enough to tell a lag up to the bound and a little past it. */
  const samples: { at: number; lsn: bigint }[] = [];
  /** performance.now() of the newest sample the replica has replayed; undefined when none is known. */
  let replayedUpTo: number | undefined;
  /** Set when the replica is behind every sample kept: at least this old. */
  let behindSince: number | undefined;
  let down = false;
  let stopped = false;
  let lastState: ReplicaState = 'starting';
  // Connections of its own, not the pools': a primary whose pool is exhausted must not look like
  // a replica that is down (that would send every read to the busy primary).
  const primaryProbe = createProbe(primaryConnection);
  const replicaProbe = createProbe(replicaConnection);

  const status = (): ReplicaStatus => {
    if (down) return { state: 'down', lagSeconds: null };
    const now = performance.now();
    if (replayedUpTo !== undefined) {
      const lagMs = now - replayedUpTo;
      return { state: lagMs <= maxLagMs ? 'in-use' : 'lagging', lagSeconds: lagMs / 1000 };
    }
    if (behindSince !== undefined) return { state: 'lagging', lagSeconds: (now - behindSince) / 1000 };
    return { state: 'starting', lagSeconds: null };
  };

  const noteState = (reason?: unknown) => {
    const { state, lagSeconds } = status();
    if (state === lastState) return;
    lastState = state;
    if (state === 'in-use') log.info({ lagSeconds }, 'replica in use for stale-ok reads');
    else if (state === 'lagging') log.warn({ lagSeconds, maxLagMs }, 'replica behind the bound: reads on the primary');
    else if (state === 'down') log.warn({ err: reason }, 'replica not answering: reads on the primary');
  };

  const check = async () => {
    const at = performance.now();
    const [primaryRow, replicaRow] = await Promise.allSettled([
      primaryProbe.query('select pg_current_wal_lsn()::text as lsn'),
      replicaProbe.query('select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed'),
    ]);
    if (replicaRow.status === 'rejected') throw replicaRow.reason;
    if (replicaRow.value.standby !== true || typeof replicaRow.value.replayed !== 'string') {
      throw new Error('DATABASE_REPLICA_URL is not a standby replaying WAL (pg_is_in_recovery() is false)');
    }
    // The primary not answering is not the replica's fault: no new sample, so the lag keeps
    // growing from the last one and reads leave the replica once it passes the bound.
    if (primaryRow.status === 'fulfilled') samples.push({ at, lsn: parseLsn(String(primaryRow.value.lsn)) });
    const replayed = parseLsn(replicaRow.value.replayed);
    // Found afresh each time: a restarted standby may open at an earlier position than it had reached.
    const newest = samples.findLast((sample) => sample.lsn <= replayed);
    replayedUpTo = newest?.at;
    behindSince = newest ? undefined : samples[0]?.at;
    // A sample older than the bound (and a check) is no longer needed to tell "within the bound".
    while (samples.length > 1 && samples[0]!.at < performance.now() - maxLagMs - 2 * checkIntervalMs) samples.shift();
    down = false;
  };

  const markDown = (error: unknown) => {
    down = true;
    replayedUpTo = undefined;
    behindSince = undefined;
    noteState(error);
  };

  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = (async () => {
      let timeout: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise((_resolve, reject) => {
            timeout = setTimeout(
              () => reject(new Error(`replica check took over ${checkTimeoutMs} ms`)),
              checkTimeoutMs,
            );
          }),
        ]);
        noteState();
      } catch (error) {
        markDown(error);
      } finally {
        clearTimeout(timeout);
      }
    })();
    void running.finally(() => {
      if (!stopped) timer = setTimeout(tick, checkIntervalMs).unref();
    });
  };
  tick();

  return {
    usable: () => status().state === 'in-use',
    status,
    failed: markDown,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.all([primaryProbe.close(), replicaProbe.close()]);
    },
  };
}
