import { placeEndpoints, type PlaceBody } from '@huddle/shared/places';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A new place, made from the event form before the event itself (spec §7 places add). */
export function createPlace(body: PlaceBody) {
  return apiRequest(placeEndpoints.createPlace, { body });
}

export function useCreatePlace() {
  return useMutation({ mutationFn: createPlace });
}
