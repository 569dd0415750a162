// `npm run restore -- <file> [--yes]`: replaces the database's data and DATA_DIR's uploaded files
// with a backup's (decision 053). Huddle must be stopped: every instance, with DATABASE_URL.
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, restoreBackup } from './backup.ts';
import { openCommandDatabase } from './command-database.ts';
import { EmbeddedPostgresInUseError } from './embedded-postgres.ts';

const args = process.argv.slice(2);
const given = args.find((arg) => !arg.startsWith('--'));
if (!given) {
  console.error('Usage: npm run restore -- <backup file> [--yes]');
  process.exit(2);
}
const file = path.resolve(given);

try {
  const config = loadConfig(process.env);
  const where = config.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  if (!args.includes('--yes') && process.stdin.isTTY) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await prompt.question(
      `This replaces every row of ${where} and its uploaded files. Type "restore" to go on: `,
    );
    prompt.close();
    if (answer.trim() !== 'restore') {
      console.error('Nothing was changed.');
      process.exit(1);
    }
  }
  const target = await openCommandDatabase(config, { exclusive: true });
  try {
    const manifest = await restoreBackup({ databaseUrl: target.url, dataDir: config.dataDir }, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored ${rows} rows and ${manifest.files.length} file folders from the backup of ${manifest.createdAt}.`,
    );
  } finally {
    await target.release();
  }
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError || error instanceof EmbeddedPostgresInUseError)) {
    throw error;
  }
  console.error(error.message);
  process.exit(1);
}
process.exit(0);
