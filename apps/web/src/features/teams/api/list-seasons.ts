import { seasonEndpoints } from '@huddle/shared/seasons';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

/** `enabled: false` asks nothing (a website's live block with no team). */
export function useTeamSeasons(teamId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamKeys.seasons(teamId),
    queryFn: () => apiRequest(seasonEndpoints.listSeasons, { params: { teamId } }),
    enabled,
  });
}
