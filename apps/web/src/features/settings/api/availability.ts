import { availabilityEndpoints, type AvailabilityBody } from '@huddle/shared/availability';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { viewerTimeZone } from '../../../lib/format-event-time.ts';

/* Read and save sit together: saving answers with what was stored, which becomes the cache. */
const availabilityQueryKey = ['my-availability'] as const;

export function getMyAvailability() {
  return apiRequest(availabilityEndpoints.getMyAvailability);
}

export function availabilityQueryOptions() {
  return queryOptions({ queryKey: availabilityQueryKey, queryFn: getMyAvailability, staleTime: 0 });
}

export function useMyAvailability() {
  return useQuery(availabilityQueryOptions());
}

/**
 * Creates the availability on the first save, replaces it after that (the server decides). The
 * ranges are on this browser's wall clock, so its zone goes with them ("Find a time" converts).
 */
export function saveMyAvailability(body: AvailabilityBody) {
  return apiRequest(availabilityEndpoints.saveMyAvailability, { body: { ...body, timeZone: viewerTimeZone() } });
}

export function useSaveMyAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyAvailability,
    onSuccess: (reply) => queryClient.setQueryData(availabilityQueryKey, reply),
  });
}
