import { partnerEndpoints, type PartnerType } from '@huddle/shared/partners';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { partnerKeys } from './partner-query-keys.ts';

/**
 * Preferred partners of a type (public). `near` is a visitor's picked city; a signed-in viewer's
 * own city is used by the server without it.
 */
export function usePartnerList(type: PartnerType, near: { lat: number; lng: number } | null) {
  return useQuery({
    queryKey: partnerKeys.list(type, near),
    queryFn: () =>
      apiRequest(partnerEndpoints.list, { query: { type, ...(near && { lat: near.lat, lng: near.lng }) } }),
  });
}
