import { profileEndpoints, type ProfileBody } from '@huddle/shared/profiles';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Saves the profile form; the first save also completes first-time setup. Replies with the user. */
export function updateMyProfile(body: ProfileBody) {
  return apiRequest(profileEndpoints.updateMyProfile, { body });
}

export function useUpdateMyProfile() {
  return useMutation({ mutationFn: updateMyProfile });
}
