import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

/** The one driver (decision 012): node-postgres, for the embedded server and an external one alike. */
export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
}

export interface PoolOptions {
  max?: number;
  /** How long a query may wait for a free connection before it fails (DatabaseBusyError). */
  acquireTimeoutMs?: number;
  /** PostgreSQL ends a session that sits this long inside a transaction doing nothing. */
  idleInTransactionTimeoutMs?: number;
  /** A query with no answer within this long fails and its connection is dropped (unset: it waits). */
  queryTimeoutMs?: number;
}

/**
 * Decision 058: a transaction holds one pooled connection; code inside it that asks the pool for
 * another (a repository called with `db` instead of `tx`) needs two at once. With every connection
 * held that way nothing can finish and the whole server hangs (issue 30: ten people pressing Pay).
 * So the pool refuses, at once and everywhere, to hand a connection to code running inside a
 * transaction callback: the mistake fails the first test that reaches it, instead of wedging a
 * server under load.
 */
export class PoolInsideTransactionError extends Error {
  constructor() {
    super(
      'A query asked the connection pool for a connection while its caller holds a transaction. ' +
        'Pass the transaction (tx) down to it instead (decision 058).',
    );
    this.name = 'PoolInsideTransactionError';
  }
}

/**
 * Decision 066: a read on the replica inside a transaction on the primary would decide a write
 * from data seconds old (and hold the primary's locks while waiting on another server). Reads
 * inside a transaction go through the transaction (tx).
 */
export class ReplicaInsideTransactionError extends Error {
  constructor() {
    super(
      'A query asked the replica for a connection while its caller holds a transaction on the primary. ' +
        'Read through the transaction (tx) instead (decision 066).',
    );
    this.name = 'ReplicaInsideTransactionError';
  }
}

/** No connection came free within the acquire timeout: the server is overloaded or a connection leaked. */
export class DatabaseBusyError extends Error {
  constructor(waitedMs: number) {
    super(`No database connection came free within ${waitedMs} ms.`);
    this.name = 'DatabaseBusyError';
  }
}

/** Whether `error`, or an error it wraps (drizzle's "Failed query" keeps the driver's as cause), is a `kind`. */
export function isCausedBy<T extends Error>(error: unknown, kind: new (...args: never[]) => T): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof kind) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Set while a transaction callback runs: the pool it holds a connection of, and the transaction
 * around it, if any. `open` turns false when the transaction ends. Only the same pool is refused:
 * the local payments provider, a separate service with its own pool, may be called inside a
 * transaction, as Stripe itself is.
 */
interface TransactionScope {
  open: boolean;
  pool: pg.Pool;
  outer: TransactionScope | undefined;
  /** Work to run once this transaction has ended (see afterOutermostTransaction). */
  afterEnd: (() => Promise<void>)[];
}
const transactionScope = new AsyncLocalStorage<TransactionScope>();

/**
 * Queues `work` to run once the outermost transaction its caller is inside has ended (committed
 * or not), before that transaction's `db.transaction()` call returns; false when the caller holds
 * none. The test suite's inline job queue runs jobs sent inside a transaction this way: as with
 * pg-boss, a job runs after the transaction that sent it, never inside its locks and connection.
 */
export function afterOutermostTransaction(work: () => Promise<void>): boolean {
  let outermost: TransactionScope | undefined;
  for (let scope = transactionScope.getStore(); scope; scope = scope.outer) if (scope.open) outermost = scope;
  outermost?.afterEnd.push(work);
  return Boolean(outermost);
}

function holdsTransactionOn(pool: pg.Pool): boolean {
  for (let scope = transactionScope.getStore(); scope; scope = scope.outer) {
    if (scope.open && scope.pool === pool) return true;
  }
  return false;
}

/** Queries sent through each database handle since it opened (GET /metrics; bench:costs reads it per route). */
const queriesSent = new WeakMap<object, { count: number }>();

/** How many queries this handle has sent, transactions included. */
export function queriesSentThrough(db: Database): number {
  return queriesSent.get((db as unknown as { $client: object }).$client)?.count ?? 0;
}

/** Acquires waiting for a connection, by pool: what health reads to tell a wedged pool from a busy one. */
const waitingSince = new WeakMap<pg.Pool, Set<number>>();

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * `primary`: for a replica's pool, the pool of its primary; a caller holding a transaction on
 * either is refused.
 */
function guardPool(pool: pg.Pool, acquireTimeoutMs: number, primary?: pg.Pool): void {
  const waiting = new Set<number>();
  waitingSince.set(pool, waiting);
  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
  // pg-pool's own query() calls this.connect too, so one override covers every way in. Both of
  // its calling conventions (callback, promise) are kept.
  const guarded = (callback?: ConnectCallback): Promise<pg.PoolClient> | void => {
    let resolve: (client: pg.PoolClient) => void = () => undefined;
    let reject: (error: Error) => void = () => undefined;
    const promise = callback
      ? undefined
      : new Promise<pg.PoolClient>((res, rej) => {
          resolve = res;
          reject = rej;
        });
    const finish: ConnectCallback = (error, client, done) => {
      if (callback) return callback(error, client, done);
      if (error) reject(error);
      else resolve(client!);
    };
    if (holdsTransactionOn(pool) || (primary && holdsTransactionOn(primary))) {
      const error = holdsTransactionOn(pool) ? new PoolInsideTransactionError() : new ReplicaInsideTransactionError();
      queueMicrotask(() => finish(error));
      return promise;
    }
    const started = performance.now();
    // Two acquires in the same millisecond share a key; a Set of starts needs only the oldest.
    const key = started + Math.random() / 1000;
    waiting.add(key);
    connect((error, client, done) => {
      waiting.delete(key);
      if (error?.message === 'timeout exceeded when trying to connect') {
        return finish(new DatabaseBusyError(acquireTimeoutMs));
      }
      finish(error, client, done);
    });
    return promise;
  };
  pool.connect = guarded as typeof pool.connect;
}

/**
 * How long the oldest query still waiting for a connection has waited, in milliseconds (0: none
 * waits). A pool whose waiters are served within moments is busy; one whose oldest waiter has
 * waited seconds is exhausted, and health says so without queueing behind them.
 */
export function oldestConnectionWaitMs(db: Database): number {
  const waiting = waitingSince.get((db as unknown as { $client: pg.Pool }).$client);
  if (!waiting || waiting.size === 0) return 0;
  return performance.now() - Math.min(...waiting);
}

export async function openDatabase(url: string, options: PoolOptions = {}): Promise<DatabaseHandle> {
  return createDatabase({ connectionString: url }, options);
}

/**
 * A second pool on the database of `db`, for a part that stands for a separate service (the
 * local payments provider): its queries never wait on connections the app's transactions hold.
 */
export function openDatabaseBeside(db: Database, options: PoolOptions = {}): DatabaseHandle {
  const { connectionString, host, port, database, user, password } = (db as unknown as { $client: pg.Pool }).$client
    .options;
  return createDatabase({ connectionString, host, port, database, user, password }, options);
}

/**
 * A pool on a streaming replica of `primary`'s database (decision 066), with the same guard, that
 * also refuses a caller holding a transaction on the primary. Connections are made read-only, so
 * a write routed here by mistake fails on any server, not only on a standby.
 */
export function openReplicaDatabase(url: string, primary: Database, options: PoolOptions = {}): DatabaseHandle {
  const primaryPool = (primary as unknown as { $client: pg.Pool }).$client;
  return createDatabase(
    { connectionString: url, options: '-c default_transaction_read_only=on' },
    options,
    primaryPool,
  );
}

function createDatabase(connection: pg.PoolConfig, options: PoolOptions, primary?: pg.Pool): DatabaseHandle {
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 10_000;
  const pool = new pg.Pool({
    ...connection,
    max: options.max ?? 10,
    connectionTimeoutMillis: acquireTimeoutMs,
    // A session left in an open transaction (an awaited call that never returns) holds its locks
    // and its connection; PostgreSQL ends it, the query after gets an error and the pool slot is freed.
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 30_000,
    ...(options.queryTimeoutMs !== undefined && { query_timeout: options.queryTimeoutMs }),
  });
  // A broken idle connection must not take the process down; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor one that is checked out with no query running: PostgreSQL ending an idle transaction
  // (idle_in_transaction_session_timeout) emits 'error' on its client, which would otherwise be
  // an uncaught exception. The transaction's next query fails instead, and release() drops the
  // dead client from the pool.
  pool.on('connect', (client) => client.on('error', () => undefined));
  guardPool(pool, acquireTimeoutMs, primary);
  const sent = { count: 0 };
  queriesSent.set(pool, sent);
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: {
      logQuery() {
        sent.count += 1;
      },
    },
  });
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const scope: TransactionScope = { open: true, pool, outer: transactionScope.getStore(), afterEnd: [] };
    try {
      return await transaction((tx) => transactionScope.run(scope, () => work(tx)), config);
    } finally {
      // Work the callback started and did not await may go on after the end, through the pool.
      scope.open = false;
      for (const work of scope.afterEnd) await work();
    }
  }) as typeof db.transaction;
  return { db, close: () => pool.end() };
}
