import { passkeyEndpoints } from '@huddle/shared/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { passkeysQueryKey } from './list-passkeys.ts';

export function renamePasskey({ passkeyId, name }: { passkeyId: string; name: string }) {
  return apiRequest(passkeyEndpoints.rename, { params: { passkeyId }, body: { name } });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
