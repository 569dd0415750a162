import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../features/notifications/notifications.schema.ts';
import { notify } from '../features/notifications/notifications.service.ts';
import { systemClock } from '../lib/clock.ts';
import { createRealtimeHub } from '../lib/realtime-hub.ts';
import { createTeamAs, multipartFile, signUpUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { runCommand } from '../test/run-command.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { BackupError, createBackup, restoreBackup, type BackupManifest } from './backup.ts';
import { restoreReport, secretsToBackUp } from './backup-report.ts';

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
    const manifest = await createBackup({ databaseUrl, dataDir: t.config.dataDir }, file, {
      secrets: secretsToBackUp(t.config),
    });
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

/**
 * A stand-in push service that checks a push as a real one does (RFC 8292 §4.2): the VAPID
 * public key (k=) must be the one the browser subscribed with, and the token must be signed by it.
 */
interface CheckedPush {
  path: string;
  key: string;
  signed: boolean;
}
function startPushService() {
  const received: CheckedPush[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const match = /^vapid t=([^,]+), k=(\S+)$/.exec(String(request.headers.authorization));
      const [header, claims, signature] = match?.[1]?.split('.') ?? [];
      const raw = Buffer.from(match?.[2] ?? '', 'base64url');
      const key = createPublicKey({
        key: {
          kty: 'EC',
          crv: 'P-256',
          x: raw.subarray(1, 33).toString('base64url'),
          y: raw.subarray(33, 65).toString('base64url'),
        },
        format: 'jwk',
      });
      const signed = verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature ?? '', 'base64url'),
      );
      received.push({ path: request.url ?? '', key: match?.[2] ?? '', signed });
      response.statusCode = 201;
      response.end();
    });
  });
  return {
    received,
    origin: new Promise<string>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
    ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the secrets of DATA_DIR (decision 062)', () => {
  it('a session cookie and a push subscription still work after restoring into a new DATA_DIR and database', async () => {
    const pushService = startPushService();
    const person = await signUpUser(t.app, { name: 'Kept Signed In' });
    // The browser subscribes with the key Huddle gives it; the push service keeps that key.
    const subscribedKey = (await t.app.inject({ url: '/api/push/public-key' })).json().publicKey as string;
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    await t.db.insert(pushSubscriptions).values({
      userId: person.user.id,
      endpoint: `${await pushService.origin}/push/kept-browser`,
      p256dh: browserKey.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    });

    const file = path.join(workDir, 'with-secrets.tar.gz');
    const manifest = await createBackup({ databaseUrl, dataDir: t.config.dataDir }, file, {
      secrets: secretsToBackUp(t.config),
    });
    expect(manifest.secrets).toEqual(['session', 'vapid']);
    // It holds every account and the secrets: readable by its owner only.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // A new machine: an empty DATA_DIR and a database of its own; Huddle starts after the restore.
    const dataDir = mkdtempSync(path.join(workDir, 'new-data-'));
    const database = await createTestDatabase();
    await restoreBackup({ databaseUrl: database.url, dataDir }, file);
    for (const secret of ['session-secret', 'vapid-keys.json']) {
      expect(statSync(path.join(dataDir, secret)).mode & 0o777).toBe(0o600);
    }
    const restored = await createTestApp({ DATA_DIR: dataDir }, { database });
    try {
      const me = await restored.app.inject({ url: '/api/me', headers: { cookie: person.cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: person.user.id });

      expect((await restored.app.inject({ url: '/api/push/public-key' })).json().publicKey).toBe(subscribedKey);
      await notify(
        {
          db: restored.db,
          clock: systemClock,
          mailer: { send: async () => undefined },
          jobs: restored.jobs,
          realtime: createRealtimeHub(),
          publicOrigin: restored.config.publicOrigin,
          log: restored.app.log,
        },
        {
          userIds: [person.user.id],
          category: 'eventJoined',
          kind: 'spotGiven',
          title: 'You are in',
          body: 'A spot opened up.',
          link: '/home',
        },
      );
      expect(pushService.received).toEqual([{ path: '/push/kept-browser', key: subscribedKey, signed: true }]);
    } finally {
      await restored.close();
      await pushService.close();
    }
  });

  it('leaves the secrets out when asked, and a restore then keeps the new DATA_DIR’s own', async () => {
    const file = path.join(workDir, 'without-secrets.tar.gz');
    const manifest = await createBackup({ databaseUrl, dataDir: t.config.dataDir }, file, {
      secrets: secretsToBackUp(t.config, { withoutSecrets: true }),
    });
    expect(manifest.secrets).toEqual([]);
    const dataDir = mkdtempSync(path.join(workDir, 'own-secrets-'));
    writeFileSync(path.join(dataDir, 'session-secret'), 'its own secret of at least thirty-two characters\n');
    const database = await createTestDatabase();
    try {
      await restoreBackup({ databaseUrl: database.url, dataDir }, file);
    } finally {
      await database.close();
    }
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toContain('its own secret');
    expect(existsSync(path.join(dataDir, 'vapid-keys.json'))).toBe(false);
  });

  it('npm run backup works with DATABASE_URL and no SESSION_SECRET, and keeps out the secret the environment holds', async () => {
    const file = path.join(workDir, 'command.tar.gz');
    const { exitCode, output } = await runCommand(new URL('./backup-command.ts', import.meta.url), [file], {
      environment: { DATABASE_URL: databaseUrl, DATA_DIR: t.config.dataDir },
      unset: ['SESSION_SECRET', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    });
    expect(output).not.toContain('SESSION_SECRET: required');
    expect(exitCode).toBe(0);
    expect(output).toContain('Store it like a password');
    // With DATABASE_URL, sessions are signed with SESSION_SECRET from the environment: not in the archive.
    expect(output).toContain('The session secret comes from SESSION_SECRET, not in the archive');
    const listing: string[] = [];
    await tar.list({ file, onReadEntry: (entry) => listing.push(entry.path) });
    expect(listing).toContain('secrets/vapid-keys.json');
    expect(listing).not.toContain('secrets/session-secret');
    const unpacked = mkdtempSync(path.join(workDir, 'unpacked-'));
    await tar.extract({ file, cwd: unpacked }, ['huddle-backup.json']);
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'huddle-backup.json'), 'utf8')) as BackupManifest;
    expect(manifest.secrets).toEqual(['vapid']);
  });

  it('tells the operator what a restore needs for each secret the backup does not carry', () => {
    const manifest = { tables: [], files: [], createdAt: 'then', secrets: ['vapid'] } as unknown as BackupManifest;
    const lines = restoreReport(manifest, {
      dataDir: '/srv/huddle',
      secretSources: { session: 'environment', vapid: 'data-dir' },
    });
    expect(lines).toContain('Restored the web push keys into /srv/huddle/vapid-keys.json.');
    expect(lines.join('\n')).toMatch(
      /session secret is not in the backup: SESSION_SECRET must be the backed-up Huddle's/,
    );
  });
});
