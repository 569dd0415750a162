import { websiteMessages } from '@huddle/shared/websites';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, signUpUser, tinyPdf } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issues 14 and 15: public pictures for form covers and site blocks, re-encoded like profile photos. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const upload = (bytes: Buffer, cookie = '') => {
  const body = multipartFile(bytes, { field: 'photo', filename: 'cover.png', contentType: 'image/png' });
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': body.contentType, ...(cookie && { cookie }) },
    payload: body.payload,
  });
};

describe('public images', () => {
  it('stores a picture as a WebP of at most 1280 px, served publicly, and a form shows it as its cover', async () => {
    const { cookie } = await signUpUser(t.app);
    const wide = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#228833' } })
      .png()
      .toBuffer();
    const stored = await upload(wide, cookie);
    expect(stored.statusCode, stored.body).toBe(200);
    const { url } = stored.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/images\/.+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1280, height: 320 });

    const form = (
      await t.app.inject({ method: 'POST', url: '/api/forms', headers: { cookie }, payload: { title: 'Covered' } })
    ).json() as { id: string };
    const save = (coverImageUrl: string, version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/forms/${form.id}`,
        headers: { cookie },
        payload: { version, title: 'Covered', coverImageUrl, fields: [], settings: {} },
      });
    const hostile = await save('javascript:alert(1)', 1);
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().error.fields.coverImageUrl).toEqual([websiteMessages.badUrl]);
    expect((await save(url, 1)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/forms/${form.id}/status`,
      headers: { cookie },
      payload: { status: 'published' },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/forms/${form.id}` })).json().coverImageUrl).toBe(url);
  });

  it('refuses the signed out, and a file that is no picture whatever its name', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(png)).statusCode).toBe(401);
    const { cookie } = await signUpUser(t.app);
    const pdf = await upload(tinyPdf, cookie);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.fields.photo).toEqual(['Upload a JPEG, PNG or WebP image.']);
  });
});
