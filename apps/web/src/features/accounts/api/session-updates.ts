import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isLeavingApp } from '../../../lib/leaving-app.ts';
import { sessionQueryKey, sessionQueryOptions } from './get-session.ts';

/* Reading the session again on purpose; kept apart from get-session.ts, which every page loads first. */

/**
 * Asks the server again, whatever the cache holds (spec §5: "after reload shows whether
 * verified"); the mutation's data is the fresh session.
 */
export function useReloadSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }) });
}

/** Reads the session again in the background (the realtime socket was closed by a sign-out). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    // The action ending the session navigates on its own (lib/leaving-app.ts).
    if (!isLeavingApp()) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);
}
