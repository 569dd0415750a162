import { fairTeamEndpoints } from '@huddle/shared/fair-teams';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export function getTeamSheet(eventId: string, occurrence: string) {
  return apiRequest(fairTeamEndpoints.getTeamSheet, { params: { eventId }, query: { occurrence } });
}

/** The date's teams as the organizer edits them (issue 34 part 2). */
export function useTeamSheet(eventId: string, occurrence: string) {
  return useQuery({ queryKey: teamKeys.sheet(eventId, occurrence), queryFn: () => getTeamSheet(eventId, occurrence) });
}
