import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createInlineQueue } from './lib/jobs/inline-queue.ts';
import { createFakeDns } from './test/fake-dns.ts';
import { createTestDatabase, type TestDatabase } from './test/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('starting the app', () => {
  // Issue 31: a job that calls into the app (the local Stripe provider's webhook deliveries use
  // app.inject) while plugins were still being registered left app.ready() waiting for ever.
  it('starts the job workers only once every plugin is registered, as the app becomes ready', async () => {
    const inline = createInlineQueue({ error: () => undefined });
    const steps: string[] = [];
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'huddle-test-')),
        PUBLIC_ORIGIN: 'http://localhost:3000',
      }),
      db: database.db,
      logger: false,
      dns: createFakeDns().lookup,
      jobs: {
        ...inline,
        start: async () => {
          steps.push('job workers');
          await inline.start();
        },
      },
      onStartStep: (step) => steps.push(step),
    });
    expect(steps).not.toContain('job workers');
    await app.ready();
    expect(steps.at(-1)).toBe('job workers');
    await app.close();
  });
});
