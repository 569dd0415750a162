import { allAdminJourneyEmails } from './support/admin.ts';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import pg from 'pg';

const serverEntry = path.resolve('apps/server/dist/server.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A real OpenID Connect provider on 127.0.0.1 (oauth2-mock-server) standing in for Google.
 * It answers every sign-in at once, as the person set through the control endpoint:
 * journeys run in worker processes, this in the main one, so they talk over HTTP:
 * `POST <E2E_OIDC_CONTROL>/next-person` with the claims (sub, email, email_verified, name).
 */
async function startOidcProvider() {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  let claims: Record<string, unknown> = {};
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  provider.service.on('beforeUserinfo', (userinfo) => {
    userinfo.body = claims;
  });

  const control: Server = createHttpServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/next-person') {
      response.writeHead(404).end();
      return;
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      try {
        claims = JSON.parse(body) as Record<string, unknown>;
        response.writeHead(204).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const address = control.address();
  if (!address || typeof address === 'string') throw new Error('the OIDC control server has no port');

  return {
    // The mock names itself localhost even when bound to 127.0.0.1; both reach it.
    discoveryUrl: `${provider.issuer.url}/.well-known/openid-configuration`,
    controlUrl: `http://127.0.0.1:${address.port}`,
    async stop() {
      await new Promise((resolve) => control.close(resolve));
      await provider.stop();
    },
  };
}

/** Runs one statement on the PostgreSQL server of `serverUrl` (creating and dropping databases). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres)
 * the journeys run against a fresh database made on it, dropped at the end: the same app as a
 * real deployment, with a session secret of its own. Without it, the embedded database.
 */
async function databaseForRun(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (!serverUrl) return { env: { DATABASE_URL: '' }, drop: async () => undefined };
  const name = `huddle_e2e_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), SESSION_SECRET: randomBytes(32).toString('hex') },
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * Starts the built app on a free port with a fresh database (embedded, or see databaseForRun),
 * and keeps its log in a file: mail goes to the outbox and the log, so journeys follow reset
 * links from there, as a person trying Huddle on a laptop would.
 */
export default async function globalSetup() {
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build (npm test does it for you).');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  // The custom-domains journey writes DNS answers for `.test` names here (the server reads it on each lookup).
  const dnsRecordsFile = path.join(dataDir, 'dns-records.json');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  const oidc = await startOidcProvider();
  const database = await databaseForRun();
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseURL,
      ...database.env,
      SMTP_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      // The admin journeys' admins: made admins at sign-up (the seed has no operator account).
      ADMIN_EMAILS: allAdminJourneyEmails.join(','),
      AUTH_RATE_LIMIT_MAX: '200',
      // Every journey's visitors share 127.0.0.1: the forms, games and seasons journeys send more
      // than 5 guest writes in ten minutes between them (the limit itself is a server test).
      GUEST_RATE_LIMIT_MAX: '500',
      // Each page load opens a realtime socket; every journey's browsers share 127.0.0.1.
      REALTIME_OPEN_RATE_LIMIT_MAX: '5000',
      GOOGLE_CLIENT_ID: 'huddle-e2e',
      GOOGLE_CLIENT_SECRET: 'huddle-e2e-secret',
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      FACEBOOK_CLIENT_ID: '',
      FACEBOOK_CLIENT_SECRET: '',
      DNS_TEST_RECORDS_FILE: dnsRecordsFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited early; see ${logFile}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_LOG = logFile;
  process.env.E2E_OIDC_CONTROL = oidc.controlUrl;
  process.env.E2E_DNS_RECORDS_FILE = dnsRecordsFile;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await oidc.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
