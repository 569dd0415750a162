import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

const indexHtml = '<!doctype html><title>Huddle</title><div id="root"></div>';
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'huddle-web-'));
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1);');
  app = Fastify();
  await registerWebApp(app, dir);
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/home', '/discover/events/abc', '/no-such-page', '/settings?tab=privacy'])(
    'HEAD %s answers as GET does, without the body',
    async (url) => {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(get.statusCode).toBe(200);
      expect(get.body).toBe(indexHtml);
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-type', 'content-length', 'cache-control', 'etag']) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
      expect(head.headers['cache-control']).toBe('no-cache');
    },
  );

  it('HEAD of a hashed asset answers as GET does', async () => {
    const get = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-1234.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps API paths, missing files and other methods as 404, not the page', async () => {
    for (const [method, url] of [
      ['HEAD', '/api/nothing'],
      ['GET', '/api/nothing'],
      ['HEAD', '/missing.png'],
      ['POST', '/home'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
