import { placeEndpoints } from '@huddle/shared/places';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

/** The place a new event starts at (events/new?placeId=, from a place's page). */
export function getPlace(placeId: string) {
  return apiRequest(placeEndpoints.getPlace, { params: { placeId } });
}

export function placeQueryOptions(placeId: string) {
  return queryOptions({ queryKey: eventKeys.place(placeId), queryFn: () => getPlace(placeId) });
}

export function usePlace(placeId: string | null) {
  return useQuery({ ...placeQueryOptions(placeId ?? ''), enabled: Boolean(placeId) });
}
