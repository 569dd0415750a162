import { currentUserReply } from '@huddle/shared/users';
import { genericErrorMessages } from '@huddle/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { ApiError, fetchReply } from '../../../lib/api-client.ts';

/**
 * POST /api/me/photo as multipart/form-data, field "photo". Not a JSON endpoint, so it
 * cannot go through apiRequest; the reply is still checked against the shared schema.
 */
export async function uploadPhoto(photo: File) {
  const form = new FormData();
  form.append('photo', photo);
  // No content-type header: the browser sets multipart/form-data with its boundary.
  const json = await fetchReply('/api/me/photo', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  });
  const reply = currentUserReply.safeParse(json);
  if (!reply.success) throw new ApiError('INTERNAL', genericErrorMessages.INTERNAL, 200);
  return reply.data;
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
