import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderFrom, signUpBodyFor } from '../test/factories.ts';
import { runOnServer } from '../test/run-on-server.ts';
import { startServerInstance, stopServerInstances, type ServerInstance } from '../test/server-instance.ts';
import { startTelemetryReceiver, type TelemetryReceiver } from '../test/telemetry-receiver.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

/**
 * Issue 31, error reporting seen working: a real server process (server.ts through tsx) with
 * SENTRY_DSN naming a Sentry-compatible receiver on 127.0.0.1. Real routes fail (the database
 * refuses their query) for a signed-in person whose request carries their session cookie, an
 * Authorization header, forwarded addresses, and their name and email in the query or the body;
 * the reports arrive at the envelope endpoint, with the release and environment and without any
 * of that.
 */
const person = signUpBodyFor({ name: 'Kim Rivera', email: `kim.rivera.${Date.now()}@example.com` });
const release = 'huddle@31.0.0';
const bearer = 'Bearer sk-31-secret-bearer';
const forwardedFor = '203.0.113.9';
const realIp = '198.51.100.7';
const feedToken = `feed${randomBytes(12).toString('hex')}`;

let receiver: TelemetryReceiver;
let database: TestDatabase;
let instance: ServerInstance;
let cookie: string;

beforeAll(async () => {
  receiver = await startTelemetryReceiver();
  database = await createTestDatabase();
  instance = await startServerInstance({
    databaseUrl: database.url,
    redisUrl: '',
    sessionSecret: randomBytes(32).toString('hex'),
    publicOrigin: 'http://huddle.test',
    env: {
      SENTRY_DSN: receiver.sentryDsn,
      SENTRY_ENVIRONMENT: 'staging',
      SENTRY_RELEASE: release,
      // The failures below are expected; their log lines would only fill the output.
      LOG_LEVEL: 'fatal',
    },
  });
  const signUp = await fetch(`${instance.baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  expect(signUp.status).toBe(201);
  cookie = cookieHeaderFrom(signUp.headers.getSetCookie());
}, 120_000);

afterAll(async () => {
  await stopServerInstances();
  await receiver?.close();
  await database?.close();
});

/** What the person's requests carry that no report may: the session, credentials, addresses, who they are. */
function personalValues(): string[] {
  const sessionValues = cookie.split('; ').map((pair) => pair.slice(pair.indexOf('=') + 1));
  return [
    person.email,
    person.email.split('@')[0]!,
    'Kim Rivera',
    ...sessionValues,
    'sk-31-secret-bearer',
    forwardedFor,
    realIp,
  ];
}

/** The event the request to `transaction` ("GET /api/search") caused, with the envelope's raw text. */
async function reportOf(transaction: string) {
  const find = () =>
    receiver.envelopes
      .flatMap((envelope) =>
        envelope.items
          .filter((item) => item.header.type === 'event')
          .map((item) => ({ event: item.payload as Record<string, unknown>, raw: envelope.raw })),
      )
      .find(({ event }) => event.transaction === transaction);
  await receiver.until(() => find() !== undefined);
  return find()!;
}

function expectNothingPersonal(report: { event: Record<string, unknown>; raw: string }, more: string[] = []) {
  for (const value of [...personalValues(), ...more]) expect(report.raw).not.toContain(value);
  expect(report.event.user).toBeUndefined();
  expect(report.raw).not.toMatch(/ip_address|\{\{auto\}\}/);
  const request = report.event.request as { url: string; headers?: Record<string, string> };
  expect(request.url).not.toContain('?');
  expect(Object.keys(request.headers ?? {}).map((name) => name.toLowerCase())).not.toEqual(
    expect.arrayContaining(['cookie']),
  );
  expect(report.event).toMatchObject({ release, environment: 'staging', platform: 'node', level: 'error' });
}

const personalHeaders = () => ({
  cookie,
  authorization: bearer,
  'x-forwarded-for': forwardedFor,
  'x-real-ip': realIp,
  origin: 'http://huddle.test',
});

describe('server error reports at a Sentry-compatible receiver (issue 31)', () => {
  it('a failed search by a signed-in person arrives without their session, credentials, addresses, name or email', async () => {
    await runOnServer(database.url, 'alter table places rename to places_unavailable');
    try {
      const query = encodeURIComponent(`${person.name} ${person.email}`);
      const response = await fetch(`${instance.baseUrl}/api/search?q=${query}`, { headers: personalHeaders() });
      expect(response.status).toBe(500);
      const report = await reportOf('GET /api/search');
      expectNothingPersonal(report);
      // What finds the bug stays: the failed SQL (with its placeholders) and the database's reason.
      expect(report.raw).toContain('Failed query: select');
      expect(report.raw).toContain('relation \\"places\\" does not exist');
    } finally {
      await runOnServer(database.url, 'alter table places_unavailable rename to places');
    }
  });

  it("a failed profile save arrives without the body's personal fields", async () => {
    await runOnServer(
      database.url,
      `create function refuse_user_updates() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
       create trigger refuse_user_updates before update on users for each row execute function refuse_user_updates();`,
    );
    try {
      const response = await fetch(`${instance.baseUrl}/api/me/profile`, {
        method: 'PUT',
        headers: { ...personalHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({
          displayName: 'Kimmy R',
          fullName: person.name,
          defaultCity: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 },
          games: ['Soccer'],
          pronouns: null,
          bio: 'Text me on 512-555-0100',
          joinReason: null,
        }),
      });
      expect(response.status).toBe(500);
      const report = await reportOf('PUT /api/me/profile');
      expectNothingPersonal(report, ['Kimmy R', '512-555-0100']);
      expect(report.raw).toContain('Failed query: update \\"users\\"');
      expect(report.raw).toContain('disk full');
    } finally {
      await runOnServer(
        database.url,
        'drop trigger refuse_user_updates on users; drop function refuse_user_updates();',
      );
    }
  });

  it("a private calendar feed's token, the key in its address, stays out of the report", async () => {
    await runOnServer(database.url, 'alter table calendar_feeds rename to calendar_feeds_unavailable');
    try {
      const response = await fetch(`${instance.baseUrl}/api/calendar/${feedToken}.ics`);
      expect(response.status).toBe(500);
      const report = await reportOf('GET /api/calendar/:token.ics');
      expect(report.raw).not.toContain(feedToken);
      expect((report.event.request as { url: string }).url).toMatch(/\/api\/calendar\/\[token\]\.ics$/);
    } finally {
      await runOnServer(database.url, 'alter table calendar_feeds_unavailable rename to calendar_feeds');
    }
  });

  it('a report of a request answered just before the server is told to stop still arrives', async () => {
    await runOnServer(database.url, 'alter table places rename to places_unavailable');
    const response = await fetch(`${instance.baseUrl}/api/places/${randomUUID()}`, { headers: { cookie } });
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    expect(response.status).toBe(500);
    await exited;
    const report = await reportOf('GET /api/places/:placeId');
    expect(report.event).toMatchObject({ release, environment: 'staging' });
  });

  it('went only where the DSN says: every envelope was taken by the project endpoint with its key', () => {
    expect(receiver.refused).toEqual([]);
    expect(receiver.envelopes.length).toBeGreaterThanOrEqual(4);
  });
});
