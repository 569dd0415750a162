import { placeEndpoints } from '@huddle/shared/places';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { placeKeys } from './place-query-keys.ts';

export function getPlace(placeId: string) {
  return apiRequest(placeEndpoints.getPlace, { params: { placeId } });
}

export function placeQueryOptions(placeId: string) {
  return queryOptions({ queryKey: placeKeys.detail(placeId), queryFn: () => getPlace(placeId) });
}

/** The place with who is checked in there now (and the viewer's own check-in). */
export function usePlace(placeId: string | null) {
  return useQuery({ ...placeQueryOptions(placeId ?? ''), enabled: placeId !== null });
}
