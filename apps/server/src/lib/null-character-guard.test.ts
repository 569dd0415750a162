import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signUpUser, teamBodyFor } from '../test/factories.ts';
import { nullCharacterMessage } from './null-character-guard.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUpUser(t.app)).cookie;
});
afterAll(async () => {
  await t.close();
});

const refused = (fields: Record<string, string[]>) => ({
  error: { code: 'VALIDATION_FAILED', message: 'Some fields need your attention.', fields },
});

describe('a NUL character anywhere in the input', () => {
  it('is refused in a body field, with a field message, and nothing is written', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { cookie },
      payload: teamBodyFor({ name: 'Kickers\u0000FC', city: { name: 'Austin\u0000', lat: 30.26, lng: -97.74 } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused({ name: [nullCharacterMessage], 'city.name': [nullCharacterMessage] }));
    const mine = await t.app.inject({ url: '/api/me/teams', headers: { cookie } });
    expect(mine.json().teams).toEqual([]);
  });

  it('is looked for without recursion: a body nested 400,000 deep gets the error shape, not a 500', async () => {
    const depth = 400_000;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { cookie, 'content-type': 'application/json' },
      // The JSON text holds the escape \u0000, which JSON.parse turns into the character.
      payload: `{"name":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('is refused in an array item and in a key', async () => {
    const games = await t.app.inject({
      method: 'PUT',
      url: '/api/me/games',
      headers: { cookie },
      payload: { games: ['Soccer', 'Bas\u0000ketball'] },
    });
    expect(games.json()).toEqual(refused({ 'games.1': [nullCharacterMessage] }));
    const key = await t.app.inject({
      method: 'PUT',
      url: '/api/me/games',
      headers: { cookie },
      payload: { games: ['Soccer'], 'x\u0000': 1 },
    });
    expect(key.json()).toEqual(refused({ 'x\uFFFD': [nullCharacterMessage] }));
  });

  it('is refused in a path parameter (%00) and in a query', async () => {
    const path = await t.app.inject({ url: '/api/users/%00/profile', headers: { cookie } });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual(refused({ userId: [nullCharacterMessage] }));
    const feed = await t.app.inject({ url: '/api/calendar/abc%00.ics' });
    expect(feed.json()).toEqual(refused({ token: [nullCharacterMessage] }));
    const query = await t.app.inject({ url: '/api/teams?search=kick%00ers', headers: { cookie } });
    expect(query.json()).toEqual(refused({ search: [nullCharacterMessage] }));
  });

  it('answers a key such as __proto__ with a 400, not a 500 from a polluted field list', async () => {
    const response = await t.app.inject({ url: '/api/teams?__proto__=%00', headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('addresses Fastify refuses before any route', () => {
  it('answers a broken percent-encoding and an over-long parameter in the error shape', async () => {
    const broken = await t.app.inject({ url: '/api/teams/%E0%A4%A', headers: { cookie } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'That address is not valid.' } });
    const long = await t.app.inject({ url: `/api/teams/${'x'.repeat(500)}`, headers: { cookie } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('VALIDATION_FAILED');
  });
});
