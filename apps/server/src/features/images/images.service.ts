import { randomUUID } from 'node:crypto';
import { eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { normalizeUploadedImage } from '../../lib/images/normalize-image.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { imagesUsedByForms } from '../forms/forms.service.ts';
import { imagesUsedBySites } from '../websites/websites.service.ts';
import { publicImages } from './images.schema.ts';

export interface ImageDeps {
  db: Database;
  storage: FileStorage;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** A picture nobody saved in a form or site within a day of its upload is deleted (decision 040). */
export const unusedImageAgeMs = 24 * 60 * 60 * 1000;
export const unusedImagesJob = 'images.delete-unused';
export const unusedImagesCron = '47 * * * *';

/**
 * A picture for everyone to see (issues 14 and 15): a form's cover, a site's hero, image,
 * gallery or logo. Public storage is right for these; the bytes are checked and re-encoded as
 * profile photos are (real format, no metadata such as GPS tags), at most 1280 px on a side.
 * The URL is then saved with the form or the site, whose own save checks who may edit them; until
 * the sweep sees it used, a row remembers it, so one never saved does not stay for good.
 */
export async function storePublicImage(
  { db, storage }: Pick<ImageDeps, 'db' | 'storage'>,
  { actorId, bytes }: { actorId: string; bytes: Buffer },
) {
  const image = await normalizeUploadedImage(bytes, 'inside');
  const url = await storage.put('images', `${actorId}-${randomUUID()}.webp`, image);
  await db.insert(publicImages).values({ url, uploaderUserId: actorId });
  return { url };
}

/**
 * The hourly sweep: pictures uploaded a day ago or more. One a form's cover or a site uses is
 * kept for good (its row goes: it is the form's or site's now, and theirs to keep). One unused
 * has its bytes removed, then its row; a storage failure is logged and the row stays, so the next
 * run tries again. Returns how many were deleted.
 */
export async function deleteUnusedImages({ db, storage, log }: ImageDeps, { now }: { now: Date }) {
  const before = new Date(now.getTime() - unusedImageAgeMs);
  const failed = new Set<string>();
  let deleted = 0;
  for (;;) {
    const batch = (
      await db
        .select({ url: publicImages.url })
        .from(publicImages)
        .where(lt(publicImages.createdAt, before))
        .orderBy(publicImages.createdAt)
        .limit(200 + failed.size)
    )
      .map((row) => row.url)
      .filter((url) => !failed.has(url));
    if (batch.length === 0) return deleted;
    const [byForms, bySites] = await Promise.all([imagesUsedByForms(db, batch), imagesUsedBySites(db, batch)]);
    const used = batch.filter((url) => byForms.has(url) || bySites.has(url));
    if (used.length > 0) await db.delete(publicImages).where(inArray(publicImages.url, used));
    for (const url of batch.filter((candidate) => !used.includes(candidate))) {
      try {
        await storage.remove(url);
        await db.delete(publicImages).where(eq(publicImages.url, url));
        deleted += 1;
      } catch (error) {
        failed.add(url);
        log.error({ err: error, url }, 'removing an unused picture failed; the hourly job tries again');
      }
    }
  }
}
