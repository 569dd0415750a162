import { discoveryEndpoints, fullSearchTextLength } from '@huddle/shared/discovery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whether the text is long enough to search for (the server's own rule). */
export function isSearchable(q: string): boolean {
  const length = q.trim().length;
  return length >= fullSearchTextLength.min && length <= fullSearchTextLength.max;
}

/** full-search: events, teams, places and players matching the text, best match first. */
export function useFullSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['search', text],
    queryFn: () => apiRequest(discoveryEndpoints.fullSearch, { query: { q: text, limit: 10 } }),
    enabled: isSearchable(text),
    placeholderData: keepPreviousData,
  });
}
