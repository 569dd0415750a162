import { tournamentEndpoints, tournamentUpdatedEvent, type TournamentDetail } from '@huddle/shared/tournaments';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { onRealtimeReconnect, subscribeRealtime } from '../../../lib/realtime.ts';
import { tournamentKeys } from './tournament-query-keys.ts';

/**
 * Spectators who get no realtime event (signed out, or not of the team: decision 050) still see
 * scores within this long.
 */
const spectatorRefreshMs = 30_000;

export function tournamentQueryOptions(tournamentId: string) {
  return queryOptions({
    queryKey: tournamentKeys.detail(tournamentId),
    queryFn: () => apiRequest(tournamentEndpoints.get, { params: { tournamentId } }),
    refetchInterval: spectatorRefreshMs,
  });
}

/** A tournament, kept live: a score entered anywhere arrives over the realtime channel and the page reloads it. */
export function useTournament(tournamentId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: tournamentKeys.detail(tournamentId) });
    const unsubscribers = [
      subscribeRealtime(tournamentUpdatedEvent, (event) => {
        if (event.tournamentId === tournamentId) refresh();
      }),
      onRealtimeReconnect(refresh),
    ];
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [queryClient, tournamentId]);
  return useQuery(tournamentQueryOptions(tournamentId));
}

/** Puts a tournament the server answered with (after a change) in the cache, and marks the lists stale. */
export function useStoreTournament() {
  const queryClient = useQueryClient();
  return (detail: TournamentDetail) => {
    queryClient.setQueryData(tournamentKeys.detail(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: tournamentKeys.mine });
    void queryClient.invalidateQueries({ queryKey: tournamentKeys.ofTeam(detail.teamId) });
  };
}
