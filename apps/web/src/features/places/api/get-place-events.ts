import { eventEndpoints } from '@huddle/shared/events';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { placeKeys } from './place-query-keys.ts';

/** Spec §7 events by place: the upcoming public events held here. */
export function usePlaceEvents(placeId: string) {
  return useQuery({
    queryKey: placeKeys.events(placeId),
    queryFn: () => apiRequest(eventEndpoints.placeEvents, { params: { placeId } }),
  });
}
