import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedPostgresInUseError, isProcessAlive, startEmbeddedPostgres } from './embedded-postgres.ts';

const moduleFile = fileURLToPath(new URL('./embedded-postgres.ts', import.meta.url));
const quietLog = { info: () => undefined, warn: () => undefined };
const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-embedded-pg-'));

/** Another "Huddle" in its own process: starts the embedded server, stores a row, then idles. */
function startInChild(): Promise<{ child: ChildProcess; pid: number }> {
  const program = `
    import pg from 'pg';
    import { startEmbeddedPostgres } from ${JSON.stringify(moduleFile)};
    const embedded = await startEmbeddedPostgres(${JSON.stringify(dataDir)}, { info() {}, warn() {} });
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    await client.query('create table if not exists kept (note text)');
    await client.query("insert into kept values ('written before kill -9')");
    await client.end();
    console.log(JSON.stringify({ pid: embedded.pid }));
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve({ child, pid: (JSON.parse(line) as { pid: number }).pid });
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('exit', (code) => reject(new Error(`child exited ${code}: ${err}`)));
  });
}

async function keptNotes(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ note: string }>('select note from kept')).rows.map((row) => row.note);
  } finally {
    await client.end();
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded PostgreSQL', () => {
  it('refuses a second Huddle on the same DATA_DIR, and takes over after the first is killed with -9', async () => {
    const first = await startInChild();
    try {
      const second = startEmbeddedPostgres(dataDir, quietLog);
      await expect(second).rejects.toBeInstanceOf(EmbeddedPostgresInUseError);
      await expect(second).rejects.toThrow(/Another Huddle is already running with DATA_DIR=/);
      expect(isProcessAlive(first.pid)).toBe(true);
    } finally {
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
    }

    // The killed Huddle's PostgreSQL is still running: the next start adopts it.
    expect(isProcessAlive(first.pid)).toBe(true);
    const next = await startEmbeddedPostgres(dataDir, quietLog);
    expect(next).toMatchObject({ adopted: true, pid: first.pid });
    expect(await keptNotes(next.url)).toEqual(['written before kill -9']);
    await next.stop();
    expect(isProcessAlive(first.pid)).toBe(false);
  });

  it('starts over a stale postmaster.pid, whether its process is gone or the pid was reused', async () => {
    for (const stalePid of [2 ** 22 - 1, process.pid]) {
      writeFileSync(
        path.join(dataDir, 'pg', 'postmaster.pid'),
        `${stalePid}\n${dataDir}/pg\n0\n5999\n\n127.0.0.1\n0 0\nready\n`,
      );
      const started = await startEmbeddedPostgres(dataDir, quietLog);
      expect(started.adopted).toBe(false);
      expect(started.pid).not.toBe(stalePid);
      expect(await keptNotes(started.url)).toEqual(['written before kill -9']);
      await started.stop();
      expect(isProcessAlive(started.pid)).toBe(false);
    }
  });

  it('lets only one of two simultaneous first starts own a new DATA_DIR', async () => {
    const freshDir = mkdtempSync(path.join(tmpdir(), 'huddle-embedded-pg-race-'));
    try {
      const outcomes = await Promise.allSettled([
        startEmbeddedPostgres(freshDir, quietLog),
        startEmbeddedPostgres(freshDir, quietLog),
      ]);
      const owners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(owners).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(EmbeddedPostgresInUseError);
      await (owners[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof startEmbeddedPostgres>>>).value.stop();
    } finally {
      rmSync(freshDir, { recursive: true, force: true });
    }
  });
});
