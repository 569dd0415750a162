import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { multipartFile, signUpUser, tinyPdf } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createS3FileStorage, createS3PrivateStorage } from './s3-file-storage.ts';

/** A real S3 protocol peer on 127.0.0.1 (s3rver) stands in for S3, MinIO or R2. */
let s3: S3rver;
let bucketUrl: string;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'huddle-s3-')),
    configureBuckets: [{ name: 'huddle-uploads' }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucketUrl = `${endpoint}/huddle-uploads`;
  t = await createTestApp({
    S3_BUCKET: 'huddle-uploads',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: bucketUrl,
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function upload(cookie: string) {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 20, b: 30 } } })
    .png()
    .toBuffer();
  const boundary = '----s3-photo';
  return t.app.inject({
    method: 'POST',
    url: '/api/me/photo',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe('S3-compatible storage for uploads', () => {
  it('stores the photo in the bucket, serves it from the public URL, and deletes the old one', async () => {
    const { cookie } = await signUpUser(t.app);
    const first = (await upload(cookie)).json().photoURL as string;
    expect(first.startsWith(`${bucketUrl}/avatars/`)).toBe(true);
    const stored = await fetch(first);
    expect(stored.status).toBe(200);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).format).toBe('webp');

    const second = (await upload(cookie)).json().photoURL as string;
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
  });

  it('keeps private files under private/, read back through the SDK, never at a handed-out URL (decision 037)', async () => {
    const privateStorage = await createS3PrivateStorage({
      bucket: 'huddle-uploads',
      privateBucket: 'huddle-uploads',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: bucketUrl,
      forcePathStyle: true,
    });
    const bytes = tinyPdf;
    await privateStorage.put('forms/f1/u1', bytes, 'application/pdf');
    expect((await privateStorage.read('forms/f1/u1'))?.equals(bytes)).toBe(true);
    // Stored under the private prefix; the public key of the same name holds nothing.
    expect((await fetch(`${bucketUrl}/forms/f1/u1`)).status).toBe(404);
    await privateStorage.remove('forms/f1/u1');
    expect(await privateStorage.read('forms/f1/u1')).toBeUndefined();
  });

  it('keeps message photos out of the public bucket, for the conversation’s members (decision 061)', async () => {
    const [a, b] = [await signUpUser(t.app), await signUpUser(t.app)];
    const conversation = await t.app.inject({
      method: 'POST',
      url: '/api/conversations/direct',
      headers: { cookie: a.cookie },
      payload: { userId: b.user.id },
    });
    const conversationId = conversation.json().id as string;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const body = multipartFile(png, { field: 'photo', filename: 'p.png', contentType: 'image/png' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/images`,
      headers: { cookie: a.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    const imageUrl = uploaded.json().imageUrl as string;
    expect(imageUrl.startsWith(`/api/conversations/${conversationId}/images/`)).toBe(true);
    const imageName = imageUrl.split('/').at(-1);
    expect((await fetch(`${bucketUrl}/messages/${conversationId}/${imageName}`)).status).toBe(404);
    expect((await t.app.inject({ url: imageUrl, headers: { cookie: b.cookie } })).statusCode).toBe(200);
  });

  it('reads a public file back by its key (message photos from before decision 061)', async () => {
    const storage = await createS3FileStorage({
      bucket: 'huddle-uploads',
      privateBucket: 'huddle-uploads',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: bucketUrl,
      forcePathStyle: true,
    });
    const url = await storage.put('images', 'read-back.webp', tinyPdf);
    expect(url).toBe(`${bucketUrl}/images/read-back.webp`);
    expect((await storage.read('images/read-back.webp'))?.equals(tinyPdf)).toBe(true);
    expect(await storage.read('images/none.webp')).toBeUndefined();
  });

  it('deleting a form removes its files under private/ once the rows are gone (decision 040)', async () => {
    const privateStorage = await createS3PrivateStorage({
      bucket: 'huddle-uploads',
      privateBucket: 'huddle-uploads',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: bucketUrl,
      forcePathStyle: true,
    });
    const { cookie } = await signUpUser(t.app);
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
    const formId = (await call('POST', '/api/forms', { title: 'Waiver' })).json().id as string;
    const fields = [{ type: 'file', id: 'waiver', label: 'Signed waiver', required: true }];
    expect(
      (await call('PUT', `/api/forms/${formId}`, { version: 1, title: 'Waiver', fields, settings: {} })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/forms/${formId}/status`, { status: 'published' })).statusCode).toBe(200);
    const clientId = randomUUID();
    const body = multipartFile(tinyPdf, { filename: 'waiver.pdf', contentType: 'application/pdf' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/uploads?fieldId=waiver&clientId=${clientId}`,
      headers: { 'content-type': body.contentType, cookie },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const uploadId = uploaded.json().id as string;
    const sent = await call('POST', `/api/forms/${formId}/submissions`, {
      clientId,
      answers: { waiver: { uploadIds: [uploadId] } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await privateStorage.read(`forms/${formId}/${uploadId}`))?.equals(tinyPdf)).toBe(true);

    expect((await call('DELETE', `/api/forms/${formId}`)).statusCode).toBe(200);
    expect(await privateStorage.read(`forms/${formId}/${uploadId}`)).toBeUndefined();
  });
});
