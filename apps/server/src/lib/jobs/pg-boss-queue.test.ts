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
  });

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
});
