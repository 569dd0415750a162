import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, realtimeUpgrade, signUpUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const token = 'metrics-token-for-the-test-0123';
let t: TestApp;
let without: TestApp;
beforeAll(async () => {
  [t, without] = await Promise.all([createTestApp({ METRICS_TOKEN: token }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t.close(), without.close()]);
});

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

describe('Prometheus metrics', () => {
  it('answers 404 when METRICS_TOKEN is unset, and 401 in the error shape without the right token', async () => {
    expect((await scrape(without, `Bearer ${token}`)).statusCode).toBe(404);
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`, `Bearer ${token}x`]) {
      const refused = await scrape(t, authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('gives request rate and latency by route pattern, the database pool, the job queue and the websockets', async () => {
    const { cookie } = await signUpUser(t.app);
    const team = await createTeamAs(t.app, cookie);
    await t.app.inject({ url: `/api/teams/${team.id}`, headers: { cookie } });
    await t.app.inject({ url: '/api/no-such-route' });
    const socket = await t.app.injectWS('/api/realtime', realtimeUpgrade(cookie));

    const response = await scrape(t, `Bearer ${token}`);
    socket.terminate();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    // By the route's pattern: the team's id is not a label value.
    expect(text).toMatch(
      /huddle_http_request_duration_seconds_count\{method="GET",route="\/api\/teams\/:teamId",status="200"\} 1\b/,
    );
    expect(text).not.toContain(team.id);
    expect(text).toMatch(/huddle_http_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/api\/teams"/);
    expect(text).toMatch(
      /huddle_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 1\b/,
    );
    expect(text).toMatch(/huddle_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/huddle_db_pool_connections\{state="waiting"\} 0/);
    expect(text).toMatch(/huddle_job_queue_depth\{queue="[\w.-]+"\} 0/);
    expect(text).toMatch(/huddle_websocket_connections 1\b/);
    expect(text).toContain('huddle_process_resident_memory_bytes');
  });

  it('counts the queries sent: one more request that reads the database adds to the total', async () => {
    const queries = async () =>
      Number(/huddle_db_queries_total (\d+)/.exec((await scrape(t, `Bearer ${token}`)).body)?.[1] ?? Number.NaN);
    const before = await queries();
    for (let index = 0; index < 5; index += 1) await t.app.inject({ url: '/api/health' });
    const after = await queries();
    expect(before).toBeGreaterThan(0);
    // Each health check pings the database once (background work may add a query or two).
    expect(after - before).toBeGreaterThanOrEqual(5);
    expect(after - before).toBeLessThan(10);
  });
});
