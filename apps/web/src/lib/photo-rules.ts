import { photoAcceptedTypes, photoMaxMegabytes } from '@huddle/shared/profiles';

/** Profile photos, team logos and public pictures (form covers, site images): the same limits the server applies, checked before uploading so a wrong file fails at once. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(photoAcceptedTypes as readonly string[]).includes(file.type)) return 'Upload a JPEG, PNG or WebP image.';
  if (file.size > photoMaxMegabytes * 1024 * 1024)
    return `That photo is larger than ${photoMaxMegabytes} MB. Choose a smaller one.`;
  return null;
}
