// `npm run db:migrate`: apply the migrations without starting the server.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseTarget } from './client.ts';
import { runMigrations } from './migrate.ts';

const config = loadConfig(process.env);
const target: DatabaseTarget = config.databaseUrl
  ? { kind: 'postgres', url: config.databaseUrl }
  : { kind: 'embedded', dataDir: path.join(config.dataDir, 'db') };
const handle = await openDatabase(target);
await runMigrations(target, handle);
await handle.close();
console.log(`Migrations applied (${target.kind}).`);
