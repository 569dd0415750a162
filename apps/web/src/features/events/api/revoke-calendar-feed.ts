import { calendarEndpoints } from '@huddle/shared/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

/** Calendar apps holding a revoked URL get 404 from then on. */
export function revokeCalendarFeed(feedId: string) {
  return apiRequest(calendarEndpoints.revokeFeed, { params: { feedId } });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.calendarFeeds }),
  });
}
