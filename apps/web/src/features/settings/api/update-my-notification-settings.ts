import { profileEndpoints } from '@huddle/shared/profiles';
import type { NotificationSettings } from '@huddle/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function updateMyNotificationSettings(notificationSettings: NotificationSettings) {
  return apiRequest(profileEndpoints.updateMyNotificationSettings, { body: { notificationSettings } });
}

export function useUpdateMyNotificationSettings() {
  return useMutation({ mutationFn: updateMyNotificationSettings });
}
