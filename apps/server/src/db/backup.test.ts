import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, multipartFile, signUpUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { BackupError, createBackup, restoreBackup } from './backup.ts';

/**
 * Issue 17: seed a database and an upload, back up, wipe both, restore, and compare. The test
 * app has its own database (a clone of the template) and its own DATA_DIR, so files run in parallel.
 */
let t: TestApp;
let databaseUrl: string;
const workDir = mkdtempSync(path.join(tmpdir(), 'huddle-backup-test-'));

beforeAll(async () => {
  t = await createTestApp();
  // drizzle keeps the pool it was opened on (db/client.ts).
  databaseUrl = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
});
afterAll(async () => {
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function rowCounts(): Promise<Record<string, number>> {
  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const tables = await pool.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const { rows } = await pool.query<{ count: string }>(`select count(*) from "${name}"`);
    counts[name] = Number(rows[0]!.count);
  }
  return counts;
}

function filesUnder(folder: string): Record<string, string> {
  if (!existsSync(folder)) return {};
  return Object.fromEntries(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(folder, file), readFileSync(file).toString('base64')];
      }),
  );
}

describe('backup and restore', () => {
  it('brings back every row, the sessions and the uploaded files after the database and files are wiped', async () => {
    const owner = await signUpUser(t.app, { name: 'Backup Owner' });
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Backed Up FC' });
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const photo = multipartFile(png, { field: 'photo', filename: 'me.png', contentType: 'image/png' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { cookie: owner.cookie, 'content-type': photo.contentType },
      payload: photo.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const uploadsDir = path.join(t.config.dataDir, 'uploads');
    const before = { rows: await rowCounts(), files: filesUnder(uploadsDir) };
    expect(Object.keys(before.files).length).toBeGreaterThan(0);

    const file = path.join(workDir, 'huddle.tar.gz');
    const manifest = await createBackup({ databaseUrl, dataDir: t.config.dataDir }, file);
    expect(manifest.tables.find((table) => table.name === 'teams')?.rows).toBe(before.rows.teams);
    expect(manifest.files).toContain('uploads');

    // The wipe: every table and file gone.
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    await pool.query('drop schema public cascade; create schema public; drop schema drizzle cascade');
    rmSync(uploadsDir, { recursive: true, force: true });

    await restoreBackup({ databaseUrl, dataDir: t.config.dataDir }, file);

    expect(await rowCounts()).toEqual(before.rows);
    expect(filesUnder(uploadsDir)).toEqual(before.files);
    // The owner is still signed in (sessions came back) and the team reads as before.
    const read = await t.app.inject({ url: `/api/teams/${team.id}`, headers: { cookie: owner.cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ name: 'Backed Up FC' });
    // New rows still get fresh ids and the app writes as usual.
    expect((await createTeamAs(t.app, owner.cookie, { name: 'After Restore FC' })).id).toBeTruthy();
  });

  it('refuses an archive that is not a Huddle backup, or one from a newer Huddle, and changes nothing', async () => {
    const notABackup = path.join(workDir, 'notes.tar.gz');
    writeFileSync(notABackup, 'plain text');
    await expect(restoreBackup({ databaseUrl, dataDir: t.config.dataDir }, notABackup)).rejects.toThrow(BackupError);

    const newer = path.join(workDir, 'newer');
    mkdirSync(newer);
    writeFileSync(
      path.join(newer, 'huddle-backup.json'),
      JSON.stringify({
        format: 1,
        createdAt: '',
        migrations: { count: 999, last: 1 },
        tables: [],
        sequences: [],
        files: [],
      }),
    );
    const newerFile = path.join(workDir, 'newer.tar.gz');
    await tar.create({ gzip: true, cwd: newer, file: newerFile }, ['huddle-backup.json']);
    const teamsBefore = (await rowCounts()).teams;
    await expect(restoreBackup({ databaseUrl, dataDir: t.config.dataDir }, newerFile)).rejects.toThrow(
      /newer or different version of Huddle/,
    );
    expect((await rowCounts()).teams).toBe(teamsBefore);
  });
});
