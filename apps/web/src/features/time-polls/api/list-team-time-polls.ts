import { timePollEndpoints } from '@huddle/shared/time-polls';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { timePollKeys } from './time-poll-query-keys.ts';

/** A team's polls, for its members (others get 403 and see nothing). */
export function useTeamTimePolls(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: timePollKeys.ofTeam(teamId),
    queryFn: () => apiRequest(timePollEndpoints.list, { params: { teamId } }),
    enabled,
  });
}
