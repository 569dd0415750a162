import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { runOnServer } from './run-on-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of this run and the migrated template each test file clones. */
    testDatabaseServer: { serverUrl: string; template: string };
  }
}

/**
 * One PostgreSQL server for the whole server suite (decision 012): the embedded one started
 * here in a temporary folder, or the server of TEST_DATABASE_URL. The migrations run once, into
 * a template database; each test file clones it (test-database.ts), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-test-pg-'));
    embedded = await startEmbeddedPostgres(dataDir, { info: () => undefined, warn: () => undefined });
    const url = new URL(embedded.url);
    url.pathname = '/postgres';
    serverUrl = url.toString();
  }
  const template = `huddle_template_${randomBytes(4).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${template}`);
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  await runMigrations(templateUrl.toString());
  project.provide('testDatabaseServer', { serverUrl, template });

  return async () => {
    await runOnServer(serverUrl, `drop database if exists ${template} with (force)`);
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
