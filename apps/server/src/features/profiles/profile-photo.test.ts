import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function multipartBody(bytes: Buffer, filename: string, contentType: string, field = 'photo') {
  const boundary = '----huddle-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(cookie: string, bytes: Buffer, filename = 'me.png', type = 'image/png', field = 'photo') {
  const { payload, contentType } = multipartBody(bytes, filename, type, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/photo',
    headers: { cookie, 'content-type': contentType },
    payload,
  });
}

/** CRC-32 as PNG chunks use it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real PNG whose header claims other dimensions: a decompression bomb in a few bytes. */
function withPngDimensions(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  // Signature (8 bytes), IHDR length (4), "IHDR" (4), then width and height.
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();

describe('profile photo', () => {
  it('re-encodes an upload to a 512 px WebP, serves it, and replaces the previous one', async () => {
    const { cookie } = await signUpUser(t.app);
    const first = await upload(cookie, await image(1200, 800, 'png'));
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().photoURL as string;
    expect(firstUrl).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const served = await t.app.inject({ url: firstUrl });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const second = await upload(cookie, await image(300, 300, 'jpeg'), 'me.jpg', 'image/jpeg');
    expect(second.json().photoURL).not.toBe(firstUrl);
    expect((await t.app.inject({ url: firstUrl })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/me/photo', headers: { cookie } });
    expect(removed.json().photoURL).toBe('/images/default-avatar.svg');
  });

  it('refuses what is not a JPEG, PNG or WebP, whatever the declared type', async () => {
    const { cookie } = await signUpUser(t.app);
    const text = await upload(cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.fields.photo).toEqual(['Upload a JPEG, PNG or WebP image.']);
    const gif = await upload(cookie, await image(10, 10, 'gif'), 'x.gif', 'image/gif');
    expect(gif.statusCode).toBe(400);
  });

  it('refuses an image bomb: small file, enormous pixel count', async () => {
    const { cookie } = await signUpUser(t.app);
    const bomb = withPngDimensions(await image(1, 1, 'png'), 60_000, 60_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(60_000);
    const response = await upload(cookie, bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.photo[0]).toMatch(/too large|JPEG, PNG or WebP/);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await upload(cookie, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs a session and the field name "photo"', async () => {
    const bytes = await image(20, 20, 'png');
    expect((await upload('', bytes)).statusCode).toBe(401);
    const { cookie } = await signUpUser(t.app);
    expect((await upload(cookie, bytes, 'a.png', 'image/png', 'avatar')).statusCode).toBe(400);
  });
});
