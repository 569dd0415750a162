/**
 * Every kind of file people upload, by the first segment of its storage key, and who may read it.
 * Public kinds go to FileStorage and are served to anyone at /uploads/ (or the bucket's URL);
 * private ones go to PrivateFileStorage and are read back only through a route that checks who
 * asks (decision 037). Issue 30 found message photos in the public folder: the public storage now
 * takes only public kinds, /uploads/ serves only their folders, and a test walks every kind here.
 */
export const uploadKinds = {
  /** Profile photos: shown wherever the person is (decision 019). */
  avatars: 'public',
  /** Team photos. */
  teams: 'public',
  /** Pictures for forms' covers, sites and posts (decision 037). */
  images: 'public',
  /** Photos sent in messages: the conversation's members only (decisions 026, 061). */
  messages: 'private',
  /** Files sent with forms: their uploader and the form's readers (decision 037). */
  forms: 'private',
} as const satisfies Record<string, 'public' | 'private'>;

export type UploadKind = keyof typeof uploadKinds;
export type PublicUploadKind = { [K in UploadKind]: (typeof uploadKinds)[K] extends 'public' ? K : never }[UploadKind];

export const isPublicUploadKind = (kind: string): kind is PublicUploadKind =>
  (uploadKinds as Record<string, string>)[kind] === 'public';
