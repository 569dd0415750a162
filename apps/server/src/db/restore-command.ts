// `npm run restore -- <file> [--yes]`: replaces the database's data, DATA_DIR's uploaded files and
// the secrets the backup carries with the backup's (decisions 053, 062). Huddle must be stopped:
// every instance, with DATABASE_URL.
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { loadToolConfig, type ToolConfig } from '../config.ts';
import { restoreBackup } from './backup.ts';
import { restoreReport } from './backup-report.ts';
import { runBackupCommand } from './command-database.ts';

const args = process.argv.slice(2);
const given = args.find((arg) => !arg.startsWith('--'));
if (!given) {
  console.error('Usage: npm run restore -- <backup file> [--yes]');
  process.exit(2);
}
const file = path.resolve(given);

/** On a terminal, the operator types "restore"; scripts pass --yes (and have no terminal). */
async function confirmed(config: ToolConfig): Promise<boolean> {
  if (args.includes('--yes') || !process.stdin.isTTY) return true;
  const where = config.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question(
    `This replaces every row of ${where} and its uploaded files. Type "restore" to go on: `,
  );
  prompt.close();
  return answer.trim() === 'restore';
}

await runBackupCommand(
  () => loadToolConfig(process.env),
  { exclusive: true, confirm: confirmed },
  async (target, config) => {
    const manifest = await restoreBackup({ databaseUrl: target.url, dataDir: config.dataDir }, file);
    for (const line of restoreReport(manifest, config)) console.log(line);
  },
);
