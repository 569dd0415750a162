import { seasonEndpoints } from '@huddle/shared/seasons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMyRegistrations() {
  return apiRequest(seasonEndpoints.listMyRegistrations);
}

export function myRegistrationsQueryOptions() {
  return queryOptions({ queryKey: ['me', 'registrations'], queryFn: getMyRegistrations });
}

/** Spec §2/§4: the player card's registrations, loaded when the card opens. */
export function useMyRegistrations() {
  return useQuery(myRegistrationsQueryOptions());
}
