import type { FastifyBaseLogger } from 'fastify';
import { afterOutermostTransaction } from '../../db/client.ts';
import type { JobHandler, JobOptions, JobQueue } from './job-queue.ts';

interface Definition {
  handler: JobHandler<object>;
  options: JobOptions;
}

export interface InlineJobQueue extends JobQueue {
  /** Runs a scheduled job now, as its cron would (tests move the clock, then call this). */
  runScheduled(name: string): Promise<void>;
  /** The cron of each scheduled job, to check what production would run. */
  readonly schedules: ReadonlyMap<string, string>;
}

/**
 * The test suite's queue: a job runs while send() is awaited (sent inside a transaction: when that
 * transaction ends), so a test that reads the outbox right after a request finds the mail, and no
 * test waits on a poll. Data goes through JSON as it
 * would through PostgreSQL, and a failing job is retried at once up to its retry limit, then
 * logged, never thrown to the request. Production uses the pg-boss queue.
 */
export function createInlineQueue(log: Pick<FastifyBaseLogger, 'error'>): InlineJobQueue {
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, string>();

  async function run(name: string, data: object): Promise<void> {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`job ${name} is not defined`);
    const copy = JSON.parse(JSON.stringify(data)) as object;
    const tries = 1 + (definition.options.retryLimit ?? 0);
    for (let attempt = 1; attempt <= tries; attempt += 1) {
      try {
        await definition.handler(copy);
        return;
      } catch (error) {
        if (attempt === tries) log.error({ err: error, job: name }, 'job failed after its retries');
      }
    }
  }

  return {
    schedules,
    define(name, handler, options = {}) {
      definitions.set(name, { handler: handler as JobHandler<object>, options });
    },
    // Sent inside a transaction, a job runs once it has ended, as it would on pg-boss (decision 058).
    send: async (name, data) => {
      if (!afterOutermostTransaction(() => run(name, data))) await run(name, data);
    },
    every(name, cron) {
      schedules.set(name, cron);
    },
    runScheduled: (name) => run(name, {}),
    // Jobs run while they are sent: none ever waits.
    waitingCounts: async () => Object.fromEntries([...definitions.keys()].map((name) => [name, 0])),
    start: async () => undefined,
    stop: async () => undefined,
  };
}
