import { calendarEndpoints } from '@huddle/shared/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function listCalendarFeeds() {
  return apiRequest(calendarEndpoints.listFeeds);
}

export function calendarFeedsQueryOptions() {
  return queryOptions({ queryKey: eventKeys.calendarFeeds, queryFn: listCalendarFeeds });
}

export function useCalendarFeeds() {
  return useQuery(calendarFeedsQueryOptions());
}
