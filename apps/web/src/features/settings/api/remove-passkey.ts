import { passkeyEndpoints } from '@huddle/shared/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { passkeysQueryKey } from './list-passkeys.ts';

export function removePasskey(passkeyId: string) {
  return apiRequest(passkeyEndpoints.remove, { params: { passkeyId } });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
