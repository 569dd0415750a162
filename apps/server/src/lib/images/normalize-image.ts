import type { Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** Profile photos and team logos alike. */
export const photoMaxBytes = 5 * 1024 * 1024;
const acceptedFormats = new Set(['jpeg', 'png', 'webp']);
/** About 40 megapixels: far above any camera photo, far below a decompression bomb. */
const maxInputPixels = 40_000_000;
const photoSize = 512;
const insideMax = 1280;

/**
 * Checks the real format from the bytes (not the name or the declared type), refuses
 * decompression bombs, and re-encodes to a square WebP without metadata (no GPS tags).
 */
export async function normalizeUploadedImage(
  bytes: Buffer,
  /** 'square' for photos and logos; 'inside' keeps the shape (a photo in a message), at most 1280 px. */
  shape: 'square' | 'inside' = 'square',
): Promise<Buffer> {
  const rejected = () =>
    new AppError('VALIDATION_FAILED', 'Upload a JPEG, PNG or WebP image.', {
      photo: ['Upload a JPEG, PNG or WebP image.'],
    });
  // Loaded with the first upload, not at start: sharp and its native library take a few hundred
  // milliseconds to load, and a start serves no upload (decision 069).
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
  } catch {
    throw rejected();
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format)) throw rejected();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxInputPixels) {
    throw new AppError('VALIDATION_FAILED', 'That image is too large. Use one under 40 megapixels.', {
      photo: ['That image is too large. Use one under 40 megapixels.'],
    });
  }
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels })
      .rotate()
      .resize(
        shape === 'square'
          ? { width: photoSize, height: photoSize, fit: 'cover' }
          : { width: insideMax, height: insideMax, fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw rejected();
  }
}
