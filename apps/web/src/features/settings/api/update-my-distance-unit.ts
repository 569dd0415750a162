import type { DistanceUnit } from '@huddle/shared/distance';
import { profileEndpoints } from '@huddle/shared/profiles';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function updateMyDistanceUnit(distanceUnit: DistanceUnit) {
  return apiRequest(profileEndpoints.updateMyDistanceUnit, { body: { distanceUnit } });
}

export function useUpdateMyDistanceUnit() {
  return useMutation({ mutationFn: updateMyDistanceUnit });
}
