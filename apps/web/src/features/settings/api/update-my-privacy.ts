import { profileEndpoints } from '@huddle/shared/profiles';
import type { PrivacySettings } from '@huddle/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function updateMyPrivacy(privacy: PrivacySettings) {
  return apiRequest(profileEndpoints.updateMyPrivacy, { body: { privacy } });
}

export function useUpdateMyPrivacy() {
  return useMutation({ mutationFn: updateMyPrivacy });
}
