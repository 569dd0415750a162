import type { CurrentUser } from '@huddle/shared/users';
import { useMutation } from '@tanstack/react-query';
import { fetchReply } from '../../../lib/api-client.ts';

/**
 * POST /api/me/photo as multipart/form-data, field "photo". Not a JSON endpoint, so it
 * cannot go through apiRequest; the server checked the reply against its schema, as for every reply.
 */
export async function uploadPhoto(photo: File) {
  const form = new FormData();
  form.append('photo', photo);
  // No content-type header: the browser sets multipart/form-data with its boundary.
  return (await fetchReply('/api/me/photo', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })) as CurrentUser;
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
