import type { IncomingMessage } from 'node:http';
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

describe('the Origin of a realtime socket', () => {
  /** The status the upgrade was answered with: 101 when the socket opened. */
  const openSocket = async (origin: string | undefined, host = 'huddle.example') => {
    try {
      const socket = await t.app.injectWS('/api/realtime', {
        headers: { cookie, host, ...(origin !== undefined && { origin }) },
        socket: { remoteAddress: '127.0.0.1' } as IncomingMessage['socket'],
      });
      socket.terminate();
      return 101;
    } catch (error) {
      return Number(/response: (\d+)/.exec(String(error))?.[1] ?? 0);
    }
  };

  it('opens no socket, signed in or not, for a page of another site', async () => {
    for (const origin of ['https://evil.example', 'https://huddle.example.evil.example', 'null']) {
      expect(await openSocket(origin)).toBe(403);
    }
  });

  it('opens for PUBLIC_ORIGIN, CORS_ORIGINS, the same host (a custom domain) and clients without Origin', async () => {
    expect(await openSocket('https://huddle.example')).toBe(101);
    expect(await openSocket('https://partner.example')).toBe(101);
    // injectWS speaks plain HTTP: the same host's origin is http:// here.
    expect(await openSocket('http://club.example.test', 'club.example.test')).toBe(101);
    expect(await openSocket(undefined)).toBe(101);
  });
});
