import { eventEndpoints, type DiscoverEventsQuery } from '@huddle/shared/events';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const discoverPageSize = 20;

export function discoverEvents(query: DiscoverEventsQuery, startId: string | null | undefined) {
  return apiRequest(eventEndpoints.discoverEvents, {
    query: { ...query, startId: startId ?? undefined, limit: discoverPageSize },
  });
}

/** Spec §7 cursor pagination: each page passes the last event id of the one before as startId. */
export function discoverEventsQueryOptions(query: DiscoverEventsQuery) {
  return infiniteQueryOptions({
    queryKey: ['events', 'discover', query],
    queryFn: ({ pageParam }) => discoverEvents(query, pageParam),
    // null, not undefined: a server-rendered first page (issue 33) arrives as JSON, where undefined is lost.
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextStartId ?? undefined,
  });
}

/** Future public events for the discover list and map; the last list stays while filters change. */
export function useDiscoverEvents(query: DiscoverEventsQuery, enabled: boolean) {
  return useInfiniteQuery({ ...discoverEventsQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
