// `npm run admin:create -- <email>`: makes an existing account an admin (issue 17), through the
// same service as the admin area, so the audit log records it. Works while Huddle runs (it uses
// the running embedded PostgreSQL) and while it is stopped (it starts one for the moment).
import { loadToolConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { openCommandDatabase } from '../../db/command-database.ts';
import { runMigrations } from '../../db/migrate.ts';
import { AppError } from '../../lib/app-error.ts';
import { promoteByEmail } from './admin.service.ts';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run admin:create -- <email of an existing account>');
  process.exit(2);
}

const config = loadToolConfig(process.env);
const target = await openCommandDatabase(config);
let exitCode = 0;
try {
  await runMigrations(target.url);
  const database = await openDatabase(target.url, { max: 1 });
  try {
    const user = await promoteByEmail(database.db, email);
    console.log(`${user.email} is an admin.`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  exitCode = 1;
} finally {
  await target.release();
}
process.exit(exitCode);
