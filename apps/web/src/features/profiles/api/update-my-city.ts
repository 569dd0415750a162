import { profileEndpoints, type UsCity } from '@huddle/shared/profiles';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Changes the city alone (home's city picker); replies with the user. */
export function updateMyCity(defaultCity: UsCity) {
  return apiRequest(profileEndpoints.updateMyCity, { body: { defaultCity } });
}

export function useUpdateMyCity() {
  return useMutation({ mutationFn: updateMyCity });
}
