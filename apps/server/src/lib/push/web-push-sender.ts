import { createECDH } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDirSecretFiles } from '../data-dir-secrets.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'gone': the push service no longer knows the subscription (the person turned push off there). */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  publicKey: string;
  send(target: PushTarget, payload: object): Promise<PushOutcome>;
}

/**
 * VAPID keys from the configuration, or generated once into DATA_DIR/vapid-keys.json (like the
 * session secret): browsers subscribe with the public key, so it must not change between starts,
 * nor across a backup and restore (decision 062). Several instances need the configured pair (or
 * one shared DATA_DIR).
 */
export function loadOrCreateVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, dataDirSecretFiles.vapid);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * A P-256 key pair as web-push's generateVAPIDKeys makes it (URL-safe base64 of the uncompressed
 * public point and of the 32-byte private key), without loading web-push at start (decision 069).
 */
export function generateVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // A private key with leading zero bytes comes out shorter; VAPID wants all 32 (web-push pads it too).
  const privateKey = Buffer.alloc(32);
  const raw = curve.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: curve.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** How long a push service keeps a push for a browser that is offline: a notification stays useful for a day. */
const timeToLiveSeconds = 24 * 60 * 60;

/**
 * Web Push (RFC 8030) with the `web-push` package's encryption and VAPID signature; the request
 * itself goes out through fetch, so a test can stand a plain HTTP server in for a push service.
 */
export function createWebPushSender({ keys, subject }: { keys: VapidKeys; subject: string }): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      // Loaded with the first push, not at start (decision 069).
      const { default: webpush } = await import('web-push');
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }, TTL: timeToLiveSeconds },
      );
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      delete headers['Content-Length'];
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body as Buffer) : null,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`push service answered ${response.status}`);
      return 'sent';
    },
  };
}
