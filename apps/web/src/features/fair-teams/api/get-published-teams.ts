import { fairTeamEndpoints, teamsPublishedEvent } from '@huddle/shared/fair-teams';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { onRealtimeReconnect, subscribeRealtime } from '../../../lib/realtime.ts';
import { teamKeys } from './team-query-keys.ts';

export function getPublishedTeams(eventId: string, occurrence: string) {
  return apiRequest(fairTeamEndpoints.publishedTeams, { params: { eventId }, query: { occurrence } });
}

/**
 * The published teams of a date, kept live: the server pushes `teams.published` to the date's
 * players over the tab's socket, and after a dropped socket the teams are read again.
 */
export function usePublishedTeams(eventId: string, occurrence: string, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: teamKeys.published(eventId, occurrence) });
    const unsubscribers = [
      subscribeRealtime(teamsPublishedEvent, (event) => {
        if (event.eventId === eventId && event.occurrenceStartsAt === occurrence) refresh();
      }),
      onRealtimeReconnect(refresh),
    ];
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [queryClient, eventId, occurrence, enabled]);
  return useQuery({
    queryKey: teamKeys.published(eventId, occurrence),
    queryFn: () => getPublishedTeams(eventId, occurrence),
    enabled,
  });
}
