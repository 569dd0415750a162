import type { SubmittedFile } from '@huddle/shared/forms';
import { formUploadPath } from '@huddle/shared/uploads';
import { useMutation } from '@tanstack/react-query';
import { fetchReply } from '../../../lib/api-client.ts';

export type UploadFormFileInput = { formId: string; fieldId: string; clientId: string; file: File };

/**
 * POST /api/forms/{formId}/uploads as multipart/form-data, field "file" (decision 037). Not a
 * JSON endpoint, so not through apiRequest; the server checked the reply against its schema.
 */
export async function uploadFormFile({ formId, fieldId, clientId, file }: UploadFormFileInput) {
  const form = new FormData();
  form.append('file', file);
  // No content-type header: the browser sets multipart/form-data with its boundary.
  return (await fetchReply(formUploadPath(formId, { fieldId, clientId }), {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })) as SubmittedFile;
}

export function useUploadFormFile() {
  return useMutation({ mutationFn: uploadFormFile });
}
