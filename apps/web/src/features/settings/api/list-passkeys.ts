import { passkeyEndpoints } from '@huddle/shared/passkeys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const passkeysQueryKey = ['me', 'passkeys'] as const;

export function listPasskeys() {
  return apiRequest(passkeyEndpoints.list);
}

export function passkeysQueryOptions() {
  return queryOptions({ queryKey: passkeysQueryKey, queryFn: listPasskeys });
}

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
