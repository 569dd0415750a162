import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { JobHandler, JobOptions, JobQueue } from './job-queue.ts';

/**
 * Held while an instance installs pg-boss and creates its queues: two instances starting at once
 * (a deploy) otherwise deadlock in pgboss.create_queue, which adds a partition per queue.
 */
const setupLockKey = 270_271;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Definition {
  handler: JobHandler<object>;
  options: JobOptions;
}

/**
 * Decision 027: pg-boss keeps the jobs in its own schema (`pgboss`) of the database Huddle
 * already uses, embedded or external, so a restart loses nothing and every instance shares one
 * queue. Workers poll every second; a job sent on this instance wakes its worker at once.
 *
 * Decision 060: a worker takes up to `concurrency` jobs in one fetch (FOR UPDATE SKIP LOCKED:
 * no two workers, here or on another instance, get the same job) and runs them together; each
 * job is then completed or failed on its own. After a full batch it fetches again at once:
 * pg-boss otherwise sleeps the polling interval after every fetch, even one that found work,
 * which is what held mail to one a second.
 */
export function createPgBossQueue(
  connection: pg.PoolConfig,
  {
    log,
    pollingIntervalSeconds = 1,
    maintenanceIntervalSeconds = 120,
    cronMonitorIntervalSeconds = 30,
    work = true,
  }: {
    log: FastifyBaseLogger;
    pollingIntervalSeconds?: number;
    /** How often jobs past their expiry are failed (and so retried), once across instances. */
    maintenanceIntervalSeconds?: number;
    /**
     * How often an instance offers to create the due scheduled jobs. One instance a period wins
     * (pg-boss's cron time in its version row) and each schedule makes at most one job a
     * minute (a singleton key): a schedule runs once across instances, not once per instance.
     */
    cronMonitorIntervalSeconds?: number;
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
    maintenanceIntervalSeconds,
    cronMonitorIntervalSeconds,
    // The scheduled jobs' own queue is polled this often (pg-boss's default is 5 s).
    cronWorkerIntervalSeconds: Math.min(5, cronMonitorIntervalSeconds),
    // A mail's text can hold a sign-in link: completed jobs are archived soon and deleted within a day.
    archiveCompletedAfterSeconds: 60,
    deleteAfterHours: 24,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, string>();
  const workers = new Map<string, string>();
  let started = false;

  /**
   * Runs a batch's jobs together and marks each by its own outcome, before returning: pg-boss
   * would otherwise fail the whole batch for one failure (and run the jobs that succeeded
   * again), or complete it whole. Its own completion afterwards only touches jobs still active.
   */
  async function runBatch(name: string, handler: JobHandler<object>, jobs: PgBoss.Job<object>[]): Promise<void> {
    const done: string[] = [];
    const failed: { id: string; error: unknown }[] = [];
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await handler(job.data);
          done.push(job.id);
        } catch (error) {
          log.warn({ err: error, job: name, jobId: job.id }, 'job failed; pg-boss retries it while it has tries left');
          failed.push({ id: job.id, error });
        }
      }),
    );
    if (done.length > 0) await boss.complete(name, done);
    await Promise.all(failed.map(({ id, error }) => boss.fail(name, id, { message: errorMessage(error) })));
  }

  return {
    define(name, handler, options = {}) {
      if (started) throw new Error(`job ${name} defined after the queue started`);
      definitions.set(name, { handler: handler as JobHandler<object>, options });
    },
    async send(name, data, options = {}) {
      const { retryLimit = 0, retryDelaySeconds = 0, expireInSeconds } = definitions.get(name)?.options ?? {};
      await boss.send(name, data, {
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: retryDelaySeconds > 0,
        ...(expireInSeconds !== undefined && { expireInSeconds }),
        ...(options.singletonKey && { singletonKey: options.singletonKey }),
        ...(options.priority !== undefined && { priority: options.priority }),
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
      for (const [name, { handler, options }] of definitions) {
        const batchSize = options.concurrency ?? 1;
        const id = await boss.work<object>(name, { pollingIntervalSeconds, batchSize }, async (jobs) => {
          await runBatch(name, handler, jobs);
          const self = workers.get(name);
          if (jobs.length === batchSize && self) boss.notifyWorker(self);
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
