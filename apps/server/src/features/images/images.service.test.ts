import { websiteMessages } from '@huddle/shared/websites';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import { access } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, signUpUser, tinyPdf } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLocalFileStorage, type FileStorage } from '../../lib/storage/file-storage.ts';
import { websites } from '../websites/websites.schema.ts';
import { publicImages } from './images.schema.ts';
import { deleteUnusedImages, unusedImagesJob } from './images.service.ts';

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

  it('deletes pictures no saved form or site uses a day after their upload, and keeps the used ones (decision 040)', async () => {
    const { cookie } = await signUpUser(t.app);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const uploaded = async () => ((await upload(png, cookie)).json() as { url: string }).url;
    const cover = await uploaded();
    const siteImage = await uploaded();
    const unused = await uploaded();
    const onDisk = (url: string) =>
      access(path.join(t.config.dataDir, url)).then(
        () => true,
        () => false,
      );
    const form = (
      await t.app.inject({ method: 'POST', url: '/api/forms', headers: { cookie }, payload: { title: 'Swept' } })
    ).json() as { id: string };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: { cookie },
      payload: { version: 1, title: 'Swept', coverImageUrl: cover, fields: [], settings: {} },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const site = (
      await t.app.inject({ method: 'POST', url: '/api/websites', headers: { cookie }, payload: {} })
    ).json() as { id: string };
    // The site's stored draft names the picture (as the builder's image block saves it).
    const [row] = await t.db.select().from(websites).where(eq(websites.id, site.id));
    expect(row, 'site created').toBeDefined();
    await t.db
      .update(websites)
      .set({ draft: JSON.parse(JSON.stringify(row!.draft).replace(/\}$/, `,"note":${JSON.stringify(siteImage)}}`)) })
      .where(eq(websites.id, site.id));

    const log = { error: () => undefined };
    const storage = createLocalFileStorage(path.join(t.config.dataDir, 'uploads'));
    const deps = { db: t.db, storage, log };
    expect(t.jobs.schedules.has(unusedImagesJob)).toBe(true);
    // Within a day nothing goes, used or not.
    await deleteUnusedImages(deps, { now: new Date() });
    for (const url of [cover, siteImage, unused]) expect(await onDisk(url)).toBe(true);

    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    // A storage failure keeps the row, so the next run tries again.
    const down: FileStorage = {
      ...storage,
      remove: async () => {
        throw new Error('storage is down');
      },
    };
    await deleteUnusedImages({ ...deps, storage: down }, { now: tomorrow });
    expect(await onDisk(unused)).toBe(true);
    expect(await t.db.select().from(publicImages).where(eq(publicImages.url, unused))).toHaveLength(1);

    await deleteUnusedImages(deps, { now: tomorrow });
    expect(await onDisk(unused)).toBe(false);
    expect(await onDisk(cover)).toBe(true);
    expect(await onDisk(siteImage)).toBe(true);
    // The used ones are the form's and site's now: never swept, even once the form drops its cover.
    expect(await t.db.select().from(publicImages).where(eq(publicImages.url, cover))).toEqual([]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: { cookie },
      payload: { version: 2, title: 'Swept', coverImageUrl: null, fields: [], settings: {} },
    });
    await deleteUnusedImages(deps, { now: new Date(tomorrow.getTime() + 60 * 60 * 1000) });
    expect(await onDisk(cover)).toBe(true);
  });
});
