import { teamEndpoints } from '@huddle/shared/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const topicsKey = ['teams', 'topics'] as const;

export function useTeamTopics() {
  return useQuery({ queryKey: topicsKey, queryFn: () => apiRequest(teamEndpoints.listTeamTopics) });
}

export function useSaveTeamTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, email, push }: { teamId: string; email: boolean; push: boolean }) =>
      apiRequest(teamEndpoints.saveTeamTopic, { params: { teamId }, body: { email, push } }),
    onSuccess: (reply) => queryClient.setQueryData(topicsKey, reply),
  });
}
