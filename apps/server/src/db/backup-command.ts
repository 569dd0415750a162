// `npm run backup [-- <file>]`: the database's rows and DATA_DIR's uploaded files in one .tar.gz
// (decision 053). Works while Huddle runs (the running embedded PostgreSQL, or DATABASE_URL) and
// while it is stopped (it starts the embedded one for the moment).
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createBackup } from './backup.ts';
import { runBackupCommand } from './command-database.ts';

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const file = path.resolve(process.argv[2] ?? `huddle-backup-${stamp}.tar.gz`);

await runBackupCommand(
  () => loadConfig(process.env),
  {},
  async (target, config) => {
    const manifest = await createBackup({ databaseUrl: target.url, dataDir: config.dataDir }, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backed up ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} file folders to ${file}`,
    );
    if (config.s3) console.log('Uploads are in S3 (S3_BUCKET): back the bucket up on its side (versioning or a copy).');
  },
);
