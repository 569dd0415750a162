import { availabilityEndpoints } from '@huddle/shared/availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMyAvailability() {
  return apiRequest(availabilityEndpoints.getMyAvailability);
}

/**
 * Always read afresh on home: the availability may have been saved on the settings page a
 * moment ago. Same key and reply as the settings feature's query, so a save there shows here.
 */
export function myAvailabilityQueryOptions() {
  return queryOptions({ queryKey: ['my-availability'], queryFn: getMyAvailability, staleTime: 0 });
}

/** Whether the signed-in person has saved an availability (null before the first save). */
export function useHasAvailability() {
  return useQuery({ ...myAvailabilityQueryOptions(), select: (reply) => reply.availability !== null });
}
