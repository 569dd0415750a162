import { deleteMeEndpoint } from '@huddle/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { setLeavingApp } from '../../../lib/leaving-app.ts';

/** Fails with CONFLICT (and a message naming what to do) while the person still owns teams. */
export function deleteAccount() {
  return apiRequest(deleteMeEndpoint, { body: { confirm: 'DELETE' } });
}

/**
 * `onDeleted` is the mutation's own callback, not mutate()'s: the account's sessions end with it,
 * and the shell may leave the settings page (unmounting the caller) before the reply arrives;
 * mutate()'s callbacks would then never run, and the person would see no confirmation.
 */
export function useDeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  return useMutation({
    mutationFn: deleteAccount,
    // The socket closes before the reply: the shell must not go to sign-in meanwhile.
    onMutate: () => setLeavingApp(true),
    onError: () => setLeavingApp(false),
    onSuccess: onDeleted,
  });
}
