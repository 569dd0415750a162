import { getSessionEndpoint, signInEndpoint, signOutEndpoint, signUpEndpoint } from '@huddle/shared/accounts';
import { defineEndpoint } from '@huddle/shared/endpoint';
import { genericErrorMessages } from '@huddle/shared/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from './api-client.ts';

const getThing = defineEndpoint({
  method: 'GET',
  path: '/api/teams/:teamId/things/:thingId',
  summary: 'test',
  tags: ['test'],
  params: z.object({ teamId: z.string(), thingId: z.string() }),
  query: z.object({ tag: z.array(z.string()).optional(), page: z.number().optional() }),
  reply: z.object({ id: z.string() }),
});

function answer(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('fills path parameters, appends the query and returns the reply', async () => {
    const fetchMock = answer(200, { id: 'x' });
    const reply = await apiRequest(getThing, {
      params: { teamId: 'a b', thingId: '7' },
      query: { tag: ['one', 'two'], page: 2 },
    });
    expect(reply).toEqual({ id: 'x' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/teams/a%20b/things/7?tag=one&tag=two&page=2');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('sends a body as JSON, and says so only then', async () => {
    const fetchMock = answer(200, { user: null });
    await apiRequest(signInEndpoint, { body: { email: 'a@b.co', password: 'secret123' } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.co', password: 'secret123' });

    const signOutMock = answer(200, { ok: true });
    await apiRequest(signOutEndpoint);
    expect(signOutMock.mock.calls[0]![1].body).toBeUndefined();
    expect(signOutMock.mock.calls[0]![1].headers).not.toHaveProperty('content-type');
  });

  it('turns the error reply into an ApiError with its fields', async () => {
    answer(409, { error: { code: 'CONFLICT', message: 'Taken.', fields: { email: ['Taken.', 'Really.'] } } });
    const error = await apiRequest(signUpEndpoint, {
      body: { name: 'Riley', email: 'a@b.co', password: 'secret123' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409, message: 'Taken.' });
    expect((error as ApiError).fieldMessages).toEqual({ email: 'Taken. Really.' });
  });

  it('names a failure without our error shape by its status', async () => {
    answer(502, '<html>Bad gateway</html>');
    await expect(apiRequest(getSessionEndpoint)).rejects.toMatchObject({
      code: 'INTERNAL',
      status: 502,
      message: genericErrorMessages.INTERNAL,
    });
  });

  it('reports no answer at all as NETWORK', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest(getSessionEndpoint)).rejects.toMatchObject({
      code: 'NETWORK',
      status: 0,
      message: genericErrorMessages.NETWORK,
    });
  });

  it('needs only the method, path and status the browser build keeps of a declaration', async () => {
    // build/endpoint-routes.ts: in the bundle, getThing is this and nothing more.
    const browserGetThing = { method: 'GET', path: getThing.path } as unknown as typeof getThing;
    const fetchMock = answer(200, { id: 'y' });
    await expect(apiRequest(browserGetThing, { params: { teamId: 't', thingId: '1' }, query: {} })).resolves.toEqual({
      id: 'y',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/teams/t/things/1');
  });
});
