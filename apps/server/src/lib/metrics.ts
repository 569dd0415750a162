import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queriesSentThrough } from '../db/client.ts';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from './app-error.ts';
import { sendNotFound } from './error-handler.ts';

/** Request latency buckets in seconds: most API calls land well under 100 ms. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at GET /metrics (issue 17, decision 053) for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the route answers 404 and
 * nothing is measured. Each app has its own registry (tests build many apps in one process).
 */
export function registerMetrics(
  app: FastifyInstance,
  { config, db, jobs, reads, responseCaches }: Pick<AppDeps, 'config' | 'db' | 'jobs' | 'reads' | 'responseCaches'>,
) {
  const token = config.metricsToken;
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => sendNotFound(reply));
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'huddle_' });

  const requests = new Histogram({
    name: 'huddle_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (not the raw URL) and status; _count gives the rate',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern ("/api/events/:eventId"), so ids do not make a series each; no route (web pages, unknown URLs): "unmatched".
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  // drizzle keeps the pool it was opened on (db/client.ts); its type leaves it out.
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  new Gauge({
    name: 'huddle_db_pool_connections',
    help: 'Database pool connections of this instance: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  let queriesCounted = 0;
  new Counter({
    name: 'huddle_db_queries_total',
    help: 'Queries this instance sent to the database (transactions included); per request: bench:costs',
    registers: [registry],
    collect() {
      const sent = queriesSentThrough(db);
      this.inc(sent - queriesCounted);
      queriesCounted = sent;
    },
  });
  let readsCounted = { replica: 0, primary: 0 };
  new Counter({
    name: 'huddle_stale_ok_reads_total',
    help: "Reads that may be stale (discover, nearby, search, visitors' public pages), by the database that answered (decision 066)",
    labelNames: ['database'] as const,
    registers: [registry],
    collect() {
      for (const database of ['replica', 'primary'] as const) {
        this.inc({ database }, reads.readsServed[database] - readsCounted[database]);
      }
      readsCounted = { ...reads.readsServed };
    },
  });
  if (config.databaseReplica) {
    new Gauge({
      name: 'huddle_replica_in_use',
      help: '1 while stale-ok reads go to the replica; 0 while it is down, starting or behind DATABASE_REPLICA_MAX_LAG_MS',
      registers: [registry],
      collect() {
        this.set(reads.replicaStatus()?.state === 'in-use' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'huddle_replica_lag_seconds',
      help: 'How stale a read on the replica may be: time since the newest primary WAL position it has replayed was read (NaN: unknown, the replica is down or starting)',
      registers: [registry],
      collect() {
        this.set(reads.replicaStatus()?.lagSeconds ?? Number.NaN);
      },
    });
  }
  new Gauge({
    name: 'huddle_job_queue_depth',
    help: 'Jobs waiting to run (created or waiting for a retry), by job name; shared by all instances',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, waiting] of Object.entries(await jobs.waitingCounts())) this.set({ queue }, waiting);
    },
  });
  new Gauge({
    name: 'huddle_response_cache_entries',
    help: 'Replies kept by each response cache of this instance (decision 073), bounded by its size',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [cache, { stats }] of responseCaches) this.set({ cache }, stats.entries);
    },
  });
  const cacheCounted = new Map<string, { hits: number; misses: number }>();
  new Counter({
    name: 'huddle_response_cache_requests_total',
    help: 'Requests each response cache answered, by outcome: hit (kept or shared reply) or miss (read)',
    labelNames: ['cache', 'outcome'] as const,
    registers: [registry],
    collect() {
      for (const [cache, { stats }] of responseCaches) {
        const before = cacheCounted.get(cache) ?? { hits: 0, misses: 0 };
        this.inc({ cache, outcome: 'hit' }, stats.hits - before.hits);
        this.inc({ cache, outcome: 'miss' }, stats.misses - before.misses);
        cacheCounted.set(cache, { hits: stats.hits, misses: stats.misses });
      }
    },
  });
  new Gauge({
    name: 'huddle_websocket_connections',
    help: 'Open realtime websockets on this instance',
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', 'Send the metrics token as a bearer token.');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
