import { signOutEndpoint } from '@huddle/shared/accounts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetOfflineData } from '../../../lib/offline-data.ts';
import { authPaths } from '@huddle/shared/auth-pages';
import { sessionQueryKey } from './get-session.ts';

export function signOut() {
  // No body: the endpoint takes none, and an empty JSON body would be refused.
  return apiRequest(signOutEndpoint);
}

/** Spec §2: the login page is shown after signing out. Nothing of the last user stays in the cache. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await forgetOfflineData();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, { user: null });
      await navigate(authPaths.login, { replace: true });
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: 'We could not sign you out', message: error.message });
    },
  });
}
