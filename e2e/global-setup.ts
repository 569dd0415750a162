import { allAdminJourneyEmails } from './support/admin.ts';
import { execFileSync } from 'node:child_process';
import { createServer as createHttpServer, type Server } from 'node:http';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { startBuiltServer } from './support/built-server.ts';

const dnsRecordsFileIn = (dataDir: string) => path.join(dataDir, 'dns-records.json');

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

/**
 * Starts the built app for every journey (support/built-server.ts), with the settings the
 * journeys share: the demo community, the admin journeys' admins, a stand-in Google.
 */
export default async function globalSetup() {
  // The journeys test the code as it is: whatever changed since the last build is built again
  // (after `npm run build`, as in `npm test`, nothing is; decision 069).
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/build.mjs'), '--changed'], {
    stdio: 'inherit',
  });
  const oidc = await startOidcProvider();
  const server = await startBuiltServer((dataDir) => ({
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
    // The custom-domains journey writes DNS answers for `.test` names here (the server reads it on each lookup).
    DNS_TEST_RECORDS_FILE: dnsRecordsFileIn(dataDir),
  })).catch(async (error: unknown) => {
    await oidc.stop();
    throw error;
  });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_SERVER_LOG = server.logFile;
  process.env.E2E_OIDC_CONTROL = oidc.controlUrl;
  process.env.E2E_DNS_RECORDS_FILE = dnsRecordsFileIn(server.dataDir);

  return async () => {
    await server.stop();
    await oidc.stop();
  };
}
