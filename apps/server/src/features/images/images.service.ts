import { randomUUID } from 'node:crypto';
import { normalizeUploadedImage } from '../../lib/images/normalize-image.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';

/**
 * A picture for everyone to see (issues 14 and 15): a form's cover, a site's hero, image,
 * gallery or logo. Public storage is right for these; the bytes are checked and re-encoded as
 * profile photos are (real format, no metadata such as GPS tags), at most 1280 px on a side.
 * The URL is then saved with the form or the site, whose own save checks who may edit them.
 */
export async function storePublicImage(storage: FileStorage, { actorId, bytes }: { actorId: string; bytes: Buffer }) {
  const image = await normalizeUploadedImage(bytes, 'inside');
  return { url: await storage.put(`images/${actorId}-${randomUUID()}.webp`, image) };
}
