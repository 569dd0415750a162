import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { generateVapidKeys, loadOrCreateVapidKeys } from './web-push-sender.ts';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('VAPID keys made without web-push', () => {
  it('are a P-256 pair in the shape web-push makes and accepts', () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const keys = generateVapidKeys();
      const publicKey = Buffer.from(keys.publicKey, 'base64url');
      expect(publicKey).toHaveLength(65);
      expect(publicKey[0]).toBe(0x04);
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      // web-push checks both keys' lengths and signs the VAPID token with them.
      const request = webpush.generateRequestDetails(
        {
          endpoint: 'https://push.example.test/abc',
          keys: {
            p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
            auth: 'BTBZMqHH6r4Tts7J_aSIgg',
          },
        },
        JSON.stringify({ title: 'Game tonight' }),
        { vapidDetails: { subject: 'mailto:ops@huddle.test', ...keys } },
      );
      expect(String(request.headers.Authorization)).toMatch(new RegExp(`^vapid t=.+, k=${keys.publicKey}$`));
    }
  });

  it('are made once into the data folder and read back on the next start', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-vapid-'));
    const first = loadOrCreateVapidKeys(undefined, dataDir);
    expect(loadOrCreateVapidKeys(undefined, dataDir)).toEqual(first);
  });
});
