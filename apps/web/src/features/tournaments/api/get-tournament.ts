import {
  tournamentEndpoints,
  tournamentTopic,
  tournamentUpdatedEvent,
  type TournamentDetail,
} from '@huddle/shared/tournaments';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { onRealtimeReconnect, watchRealtimeTopic } from '../../../lib/realtime.ts';
import { tournamentKeys } from './tournament-query-keys.ts';

/** Should the realtime socket be down or the topic refused, scores still arrive within this long. */
const spectatorRefreshMs = 30_000;

export function tournamentQueryOptions(tournamentId: string) {
  return queryOptions({
    queryKey: tournamentKeys.detail(tournamentId),
    queryFn: () => apiRequest(tournamentEndpoints.get, { params: { tournamentId } }),
    refetchInterval: spectatorRefreshMs,
  });
}

/**
 * A tournament, kept live: the page watches its public topic (signed in or out: decision 055), and
 * reloads it when a score or its details change anywhere, or when the socket is back after a drop.
 */
export function useTournament(tournamentId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: tournamentKeys.detail(tournamentId) });
    const unsubscribers = [
      watchRealtimeTopic(tournamentTopic(tournamentId), (event) => {
        if (event.type === tournamentUpdatedEvent) refresh();
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
