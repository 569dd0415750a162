// `npm run backup [-- <file>] [--without-secrets]`: the database's rows, DATA_DIR's uploaded files
// and its generated secrets in one .tar.gz (decisions 053, 062). Works while Huddle runs (the
// running embedded PostgreSQL, or DATABASE_URL) and while it is stopped (it starts the embedded
// one for the moment).
import path from 'node:path';
import { loadToolConfig } from '../config.ts';
import { createBackup } from './backup.ts';
import { backupReport, secretsToBackUp } from './backup-report.ts';
import { runBackupCommand } from './command-database.ts';

const args = process.argv.slice(2);
const flags = args.filter((arg) => arg.startsWith('--'));
const withoutSecrets = flags.includes('--without-secrets');
if (flags.some((flag) => flag !== '--without-secrets')) {
  console.error('Usage: npm run backup -- [<backup file>] [--without-secrets]');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const file = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? `huddle-backup-${stamp}.tar.gz`);

await runBackupCommand(
  () => loadToolConfig(process.env),
  {},
  async (target, config) => {
    const manifest = await createBackup({ databaseUrl: target.url, dataDir: config.dataDir }, file, {
      secrets: secretsToBackUp(config, { withoutSecrets }),
    });
    for (const line of backupReport(manifest, config, { file, withoutSecrets })) console.log(line);
  },
);
