import { partnerEndpoints } from '@huddle/shared/partners';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { partnerKeys } from './partner-query-keys.ts';

/** A preferred partner with its current offers (public). */
export function usePartner(partnerId: string) {
  return useQuery({
    queryKey: partnerKeys.detail(partnerId),
    queryFn: () => apiRequest(partnerEndpoints.get, { params: { partnerId } }),
  });
}
