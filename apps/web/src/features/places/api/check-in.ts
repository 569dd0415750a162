import { checkinHours, placeEndpoints } from '@huddle/shared/places';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { placeKeys } from './place-query-keys.ts';

/** "I'm here now": a check-in that ends by itself after a few hours (replaces any other). */
export function useCheckIn(placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(placeEndpoints.checkIn, { params: { placeId }, body: { hours: checkinHours.default } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placeKeys.all }),
  });
}

/** Leave: end the viewer's live check-in, wherever it is. */
export function useCheckOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(placeEndpoints.checkOut),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placeKeys.all }),
  });
}
