// `npm run db:migrate`: apply the migrations without starting the server.
import { loadToolConfig } from '../config.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';

const config = loadToolConfig(process.env);
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.dataDir, { info: console.log, warn: console.warn });
try {
  await runMigrations(config.databaseUrl ?? embedded!.url);
  console.log(`Migrations applied (${embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}).`);
} finally {
  await embedded?.stop();
}
