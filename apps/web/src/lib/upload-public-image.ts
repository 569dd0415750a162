import { publicImagePath, type publicImageReply } from '@huddle/shared/uploads';
import type { z } from 'zod';
import { fetchReply } from './api-client.ts';

/**
 * POST /api/images as multipart/form-data, field "photo": a picture everyone may see (a form's
 * cover, a site's image or logo). Returns its public address, saved with the form or site.
 */
export async function uploadPublicImage(photo: File) {
  const form = new FormData();
  form.append('photo', photo);
  // No content-type header: the browser sets multipart/form-data with its boundary.
  return (await fetchReply(publicImagePath, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })) as z.output<typeof publicImageReply>;
}
