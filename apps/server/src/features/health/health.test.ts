import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadiness } from '../../lib/readiness.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const readiness = createReadiness('starting');
beforeAll(async () => {
  t = await createTestApp({}, { readiness });
});
afterAll(async () => {
  await t.close();
});

describe('liveness and readiness', () => {
  it('answers ready only while serving: 503 in the error shape while starting and draining, and liveness stays 200', async () => {
    const ready = () => t.app.inject({ url: '/api/ready' });

    const starting = await ready();
    expect(starting.statusCode).toBe(503);
    expect(starting.headers['x-huddle-state']).toBe('starting');
    expect(starting.headers['retry-after']).toBe('5');
    expect(starting.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Huddle is restarting. Please try again in a moment.' },
    });

    readiness.set('serving');
    const serving = await ready();
    expect(serving.statusCode).toBe(200);
    expect(serving.json()).toEqual({ status: 'ready' });

    readiness.set('draining');
    const draining = await ready();
    expect(draining.statusCode).toBe(503);
    expect(draining.headers['x-huddle-state']).toBe('draining');
    // Liveness is not readiness: a draining instance is alive and must not be restarted.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
