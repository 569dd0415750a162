import { substituteEndpoints } from '@huddle/shared/substitutes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { substituteKeys } from './substitute-query-keys.ts';

export function getSubstitutes(eventId: string, occurrence: string) {
  return apiRequest(substituteEndpoints.getSubstitutes, { params: { eventId }, query: { occurrence } });
}

/** The event's substitute settings and who was invited to this date (organizers; issue 12). */
export function useSubstitutes(eventId: string, occurrence: string) {
  return useQuery({
    queryKey: substituteKeys.forDate(eventId, occurrence),
    queryFn: () => getSubstitutes(eventId, occurrence),
  });
}
