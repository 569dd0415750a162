import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signUpUser, teamBodyFor } from '../test/factories.ts';
import { foreignOriginMessage } from './origin-check.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://huddle.example', CORS_ORIGINS: 'https://partner.example' });
  cookie = (await signUpUser(t.app)).cookie;
});
afterAll(async () => {
  await t.close();
});

const createTeam = (origin?: string, host = 'huddle.example') =>
  t.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { cookie, host, ...(origin !== undefined && { origin }) },
    payload: teamBodyFor(),
  });
const myTeamCount = async () =>
  (await t.app.inject({ url: '/api/me/teams', headers: { cookie } })).json().teams.length as number;

describe('the Origin of a request that changes something', () => {
  it('refuses another site with 403 in the error shape, and nothing is written', async () => {
    const before = await myTeamCount();
    for (const origin of [
      'https://evil.example',
      'https://huddle.example:8443',
      'https://huddle.example.evil.example',
      'null',
    ]) {
      const response = await createTeam(origin);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: foreignOriginMessage } });
    }
    expect(await myTeamCount()).toBe(before);
  });

  it('refuses every method but GET, HEAD and OPTIONS', async () => {
    const headers = { cookie, origin: 'https://evil.example' };
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/me/check-in', headers });
      expect(response.statusCode).toBe(403);
    }
    const read = await t.app.inject({ url: '/api/me/teams', headers });
    expect(read.statusCode).toBe(200);
  });

  it('lets PUBLIC_ORIGIN, CORS_ORIGINS, the same host and requests without Origin through', async () => {
    expect((await createTeam('https://huddle.example')).statusCode).toBe(201);
    expect((await createTeam('https://partner.example')).statusCode).toBe(201);
    expect((await createTeam(undefined)).statusCode).toBe(201);
    // Same site under another name than PUBLIC_ORIGIN (127.0.0.1 for localhost, a LAN address).
    expect((await createTeam('http://192.168.1.20:3000', '192.168.1.20:3000')).statusCode).toBe(201);
    expect((await createTeam('http://192.168.1.20:3000', 'huddle.example')).statusCode).toBe(403);
  });
});
