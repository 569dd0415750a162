import { eventEndpoints } from '@huddle/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

/** A team's upcoming events the viewer may see (spec §7 team events). */
export function listTeamEvents(teamId: string) {
  return apiRequest(eventEndpoints.teamEvents, { params: { teamId } });
}

export function teamEventsQueryOptions(teamId: string) {
  return queryOptions({ queryKey: eventKeys.team(teamId), queryFn: () => listTeamEvents(teamId) });
}

export function useTeamEvents(teamId: string) {
  return useQuery(teamEventsQueryOptions(teamId));
}
