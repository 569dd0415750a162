import { z } from 'zod';
import { fieldId, formFileKindLabels, type formFileKinds, formIdParams, submittedFile } from './forms.ts';

/**
 * Uploads (issues 14 and 15, decision 037). Files sent with a form are private: stored outside
 * the public folder and downloaded only through a route that checks who asks. Pictures shown to
 * everyone (a form's cover, a site's images) go to the public storage, as profile photos do.
 */

/** Sent as the multipart field "file"; the question and the filling it belongs to are in the query. */
export const formUploadQuery = z.object({
  fieldId,
  /** The filling's id (the submission's clientId): only the same filling may submit the file. */
  clientId: z.uuid('Reload the form and try again.'),
});
export const formUploadReply = submittedFile;

export const formUploadParams = formIdParams.extend({ uploadId: z.uuid('Unknown file.') });
/** A visitor proves the file is theirs with the filling's id; signed-in people need nothing. */
export const formUploadDownloadQuery = z.object({ clientId: z.uuid().optional() });

export const uploadMessages = {
  chooseFile: 'Choose a file to upload.',
  notAFileQuestion: 'This question does not take files.',
  wrongKind: (accepted: readonly (typeof formFileKinds)[number][]) =>
    `Upload a ${accepted.map((kind) => formFileKindLabels[kind]).join(', ')} file.`,
  tooLarge: (maxMb: number) => `That file is too large: at most ${maxMb} MB.`,
  tooManyPending: 'Too many files for one filling. Submit the form, or reload it to start again.',
  notYours: 'This file was not uploaded for this answer. Upload it again.',
  notFound: 'This file does not exist.',
} as const;

/** Where the filler's page sends a file. */
export const formUploadPath = (formId: string, query: z.input<typeof formUploadQuery>) =>
  `/api/forms/${formId}/uploads?fieldId=${encodeURIComponent(query.fieldId)}&clientId=${encodeURIComponent(query.clientId)}`;

/** A file's download link (a visitor's carries the filling's id). */
export const formUploadDownloadPath = (formId: string, uploadId: string, clientId?: string) =>
  `/api/forms/${formId}/uploads/${uploadId}${clientId ? `?clientId=${clientId}` : ''}`;

/** A public picture (a form's cover, a site's image or logo), stored like a profile photo. */
export const publicImagePath = '/api/images';
export const publicImageReply = z.object({ url: z.string() }).meta({ id: 'PublicImage' });
