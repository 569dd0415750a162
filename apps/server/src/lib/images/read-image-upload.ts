import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

/** The bytes of the multipart field `photo`; size limits come from the multipart plugin (413). */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file();
  if (!file || file.fieldname !== 'photo') {
    throw new AppError('VALIDATION_FAILED', 'Choose a photo to upload.', { photo: ['Choose a photo to upload.'] });
  }
  return file.toBuffer();
}
