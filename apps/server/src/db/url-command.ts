// `npm run -s db:url`: the connection string of the embedded PostgreSQL while Huddle runs,
// for pg_dump, psql or a move to an external server (README: backups).
import { loadToolConfig } from '../config.ts';
import { runningEmbeddedUrl } from './embedded-postgres.ts';

const config = loadToolConfig(process.env);
const url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
if (!url) {
  console.error(`No embedded PostgreSQL is running for DATA_DIR=${config.dataDir}. Start Huddle (npm start) first.`);
  process.exit(1);
}
console.log(url);
