import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { JobHandler, JobOptions, JobQueue } from './job-queue.ts';

/**
 * Held while an instance installs pg-boss and creates its queues: two instances starting at once
 * (a deploy) otherwise deadlock in pgboss.create_queue, which adds a partition per queue.
 */
const setupLockKey = 270_271;

interface Definition {
  handler: JobHandler<object>;
  options: JobOptions;
}

/**
 * Decision 027: pg-boss keeps the jobs in its own schema (`pgboss`) of the database Huddle
 * already uses, embedded or external, so a restart loses nothing and every instance shares one
 * queue. Workers poll every second; a job sent on this instance wakes its worker at once.
 */
export function createPgBossQueue(
  connection: pg.PoolConfig,
  {
    log,
    pollingIntervalSeconds = 1,
    work = true,
  }: {
    log: FastifyBaseLogger;
    pollingIntervalSeconds?: number;
    /** false: this instance only sends (its jobs run on the instances that work). */
    work?: boolean;
  },
): JobQueue {
  const boss = new PgBoss({
    ...(connection.connectionString
      ? { connectionString: connection.connectionString }
      : {
          host: connection.host,
          port: connection.port,
          database: connection.database,
          user: connection.user,
          password: connection.password as string | undefined,
        }),
    max: 3,
    // A mail's text can hold a sign-in link: completed jobs are archived soon and deleted within a day.
    archiveCompletedAfterSeconds: 60,
    deleteAfterHours: 24,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, string>();
  const workers = new Map<string, string>();
  let started = false;

  return {
    define(name, handler, options = {}) {
      if (started) throw new Error(`job ${name} defined after the queue started`);
      definitions.set(name, { handler: handler as JobHandler<object>, options });
    },
    async send(name, data, options = {}) {
      const { retryLimit = 0, retryDelaySeconds = 0 } = definitions.get(name)?.options ?? {};
      await boss.send(name, data, {
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: retryDelaySeconds > 0,
        ...(options.singletonKey && { singletonKey: options.singletonKey }),
      });
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
    every(name, cron) {
      schedules.set(name, cron);
    },
    async start() {
      const lock = new pg.Client(connection);
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [setupLockKey]);
        await boss.start();
        for (const name of definitions.keys()) {
          if (!(await boss.getQueue(name))) await boss.createQueue(name);
        }
        for (const [name, cron] of schedules) await boss.schedule(name, cron);
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [setupLockKey]).catch(() => undefined);
        await lock.end();
      }
      started = true;
      if (!work) return;
      for (const [name, { handler }] of definitions) {
        const id = await boss.work<object>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          if (!job) return;
          try {
            await handler(job.data);
          } catch (error) {
            log.warn(
              { err: error, job: name, jobId: job.id },
              'job failed; pg-boss retries it while it has tries left',
            );
            throw error;
          }
        });
        workers.set(name, id);
      }
    },
    async waitingCounts() {
      if (!started) return {};
      const names = [...definitions.keys()];
      // Counted before 'active': the jobs created and those waiting for a retry.
      const sizes = await Promise.all(names.map((name) => boss.getQueueSize(name)));
      return Object.fromEntries(names.map((name, index) => [name, sizes[index] ?? 0]));
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
