import { profileEndpoints } from '@huddle/shared/profiles';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function updateMyUsageAnalytics(usageAnalytics: boolean) {
  return apiRequest(profileEndpoints.updateMyUsageAnalytics, { body: { usageAnalytics } });
}

export function useUpdateMyUsageAnalytics() {
  return useMutation({ mutationFn: updateMyUsageAnalytics });
}
