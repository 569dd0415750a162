import { profileEndpoints } from '@huddle/shared/profiles';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function removeMyPhoto() {
  return apiRequest(profileEndpoints.removeMyPhoto);
}

export function useRemoveMyPhoto() {
  return useMutation({ mutationFn: removeMyPhoto });
}
