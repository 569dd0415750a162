import { placeEndpoints, type Place, type PlaceBody } from '@huddle/shared/places';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { placeKeys } from './place-query-keys.ts';

/** Add a place (places/new) or change one (places/edit/{id}); lists by bounds refresh after. */
export function useSavePlace(placeId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceBody): Promise<Place> =>
      placeId
        ? apiRequest(placeEndpoints.updatePlace, { params: { placeId }, body })
        : apiRequest(placeEndpoints.createPlace, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placeKeys.all }),
  });
}
