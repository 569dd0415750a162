import { calendarEndpoints } from '@huddle/shared/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

/** teamId null: a feed of "my games"; a team id: that team's events. */
export function createCalendarFeed(teamId: string | null) {
  return apiRequest(calendarEndpoints.createFeed, { body: { teamId } });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.calendarFeeds }),
  });
}
