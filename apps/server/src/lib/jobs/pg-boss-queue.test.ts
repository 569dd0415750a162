import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createPgBossQueue } from './pg-boss-queue.ts';
import type { JobQueue } from './job-queue.ts';

const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;
let database: TestDatabase;
const queues: JobQueue[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database.close();
});

const queueOn = ({ work = true } = {}) => {
  const queue = createPgBossQueue({ connectionString: database.url }, { log, pollingIntervalSeconds: 0.5, work });
  queues.push(queue);
  return queue;
};

/** A promise and the function that settles it, for a handler to report what it saw. */
function signal<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('the pg-boss job queue', () => {
  it('retries a failing job until it succeeds', async () => {
    const queue = queueOn();
    const attempts: string[] = [];
    const done = signal<void>();
    queue.define<{ to: string }>(
      'test.flaky',
      async ({ to }) => {
        attempts.push(to);
        if (attempts.length < 3) throw new Error('SMTP is down');
        done.resolve();
      },
      { retryLimit: 4, retryDelaySeconds: 0 },
    );
    await queue.start();
    await queue.send('test.flaky', { to: 'kim@example.com' });
    await done.promise;
    expect(attempts).toEqual(['kim@example.com', 'kim@example.com', 'kim@example.com']);
    await queue.stop();
    // The file's first start installs pg-boss's schema in the fresh database: beside the whole suite
    // on a loaded machine the test once ran past the 30 s default (it takes ~2 s alone).
  }, 60_000);

  it('keeps a job sent while no worker runs, and runs it when one starts', async () => {
    // An instance that went down right after queueing the mail: the job waits in the database.
    const sender = queueOn({ work: false });
    sender.define('test.durable', async () => undefined);
    await sender.start();
    await sender.send('test.durable', { n: 7 });
    await sender.stop();

    const restarted = queueOn();
    const handled = signal<{ n: number }>();
    restarted.define<{ n: number }>('test.durable', async (data) => handled.resolve(data));
    await restarted.start();
    expect(await handled.promise).toEqual({ n: 7 });
  });

  it('starts two instances at once on a database without pg-boss, as a deploy does', async () => {
    const fresh = await createTestDatabase();
    const instances = [0, 1].map(() =>
      createPgBossQueue({ connectionString: fresh.url }, { log, pollingIntervalSeconds: 0.5 }),
    );
    const handled = signal<void>();
    for (const queue of instances) {
      queue.define('test.first', async () => handled.resolve());
      queue.define('test.second', async () => undefined);
      queue.every('test.second', '*/5 * * * *');
    }
    try {
      await Promise.all(instances.map((queue) => queue.start()));
      await instances[1]!.send('test.first', {});
      await handled.promise;
    } finally {
      for (const queue of instances) await queue.stop();
      await fresh.close();
    }
  });

  it('runs a scheduled job once across three instances, not once per instance (issue 31, decision 067)', async () => {
    const fresh = await createTestDatabase();
    const runs: number[] = [];
    const instances = [0, 1, 2].map(() =>
      // Every instance offers to create the due jobs each second: the most it could multiply them.
      createPgBossQueue(
        { connectionString: fresh.url },
        { log, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 },
      ),
    );
    for (const queue of instances) {
      queue.define('test.every-minute', async () => void runs.push(Date.now()));
      queue.every('test.every-minute', '* * * * *');
    }
    const startedAt = Date.now();
    try {
      await Promise.all(instances.map((queue) => queue.start()));
      for (let waited = 0; runs.length === 0 && waited < 200; waited += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(runs.length).toBeGreaterThan(0);
      // Five more offers by each instance, all due, every one of them for the same minute.
      await new Promise((resolve) => setTimeout(resolve, 5000));
    } finally {
      for (const queue of instances) await queue.stop();
      await fresh.close();
    }
    // Once per minute slot (pg-boss's singleton minute): at most one run per minute the test spanned.
    const minutesSpanned = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1;
    expect(runs.length).toBeLessThanOrEqual(minutesSpanned);
  }, 60_000);
});
