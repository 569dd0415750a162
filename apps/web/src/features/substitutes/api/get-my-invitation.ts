import { substituteEndpoints } from '@huddle/shared/substitutes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { substituteKeys } from './substitute-query-keys.ts';

export function getMyInvitation(eventId: string, occurrence: string) {
  return apiRequest(substituteEndpoints.myInvitation, { params: { eventId }, query: { occurrence } });
}

/** The signed-in person's substitute invitation to this date, if any. */
export function useMyInvitation(eventId: string, occurrence: string, enabled: boolean) {
  return useQuery({
    queryKey: substituteKeys.mine(eventId, occurrence),
    queryFn: () => getMyInvitation(eventId, occurrence),
    enabled,
  });
}
