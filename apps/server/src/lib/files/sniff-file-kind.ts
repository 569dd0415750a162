import type { FormFileKind } from '@huddle/shared/forms';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** HEIF brands phones write (HEIC photos from iPhones are `heic`/`mif1`). */
const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * The kind of a file from its first bytes (its magic number), never from its name or the type
 * the browser declared: a renamed HTML page or script is no PDF (decision 037). Undefined for
 * anything outside the allow-list.
 */
export function sniffFileKind(bytes: Buffer): FormFileKind | undefined {
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && heifBrands.has(ascii(bytes, 8, 12))) return 'heic';
  return undefined;
}

/** A file name fit to show and to put in a download header: no folders, control characters or quotes. */
export function cleanFileName(given: string | undefined, fallback: string): string {
  const base = (given ?? '').replace(/\\/g, '/').split('/').pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"<>]/g, '').trim();
  return clean.slice(-120) || fallback;
}

/** `Content-Disposition: attachment` with the name as ASCII and, for the rest, RFC 5987's UTF-8 form. */
export function attachmentHeader(name: string): string {
  const asciiName = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
