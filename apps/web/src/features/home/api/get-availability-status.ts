import { availabilityEndpoints } from '@huddle/shared/availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMyAvailability() {
  return apiRequest(availabilityEndpoints.getMyAvailability);
}

/**
 * Same key and reply as the settings feature's query, so a save there (which puts its reply in the
 * cache) shows here at once. Fresh for the app's default 30 s like home's other blocks: the
 * server renders home with it (issue 33), and a read again at once after hydration rendered the
 * tasks card a second time in a task of its own.
 */
export function myAvailabilityQueryOptions() {
  return queryOptions({ queryKey: ['my-availability'], queryFn: getMyAvailability });
}

/** Whether the signed-in person has saved an availability (null before the first save). */
export function useHasAvailability() {
  return useQuery({ ...myAvailabilityQueryOptions(), select: (reply) => reply.availability !== null });
}
