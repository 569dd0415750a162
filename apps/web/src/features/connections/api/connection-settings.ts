import { connectionEndpoints, type ConnectionSettings } from '@huddle/shared/connections';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { connectionKeys } from './connection-query-keys.ts';

/** Whether people may connect with me without asking (decision 045). */
export function useConnectionSettings() {
  return useQuery({ queryKey: connectionKeys.settings, queryFn: () => apiRequest(connectionEndpoints.getSettings) });
}

export function useUpdateConnectionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectionSettings) => apiRequest(connectionEndpoints.updateSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(connectionKeys.settings, settings),
  });
}
