import { partnerEndpoints } from '@huddle/shared/partners';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { partnerKeys } from './partner-query-keys.ts';

/** An events partner with its team's upcoming events and its current offers (public). */
export function useEventsPartner(partnerId: string) {
  return useQuery({
    queryKey: partnerKeys.events(partnerId),
    queryFn: () => apiRequest(partnerEndpoints.events, { params: { partnerId } }),
  });
}
