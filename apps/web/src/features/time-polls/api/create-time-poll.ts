import { timePollEndpoints, type CreateTimePollBody } from '@huddle/shared/time-polls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { timePollKeys } from './time-poll-query-keys.ts';

export function createTimePoll({ teamId, body }: { teamId: string; body: CreateTimePollBody }) {
  return apiRequest(timePollEndpoints.create, { params: { teamId }, body });
}

export function useCreateTimePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTimePoll,
    onSuccess: (poll) => {
      queryClient.setQueryData(timePollKeys.detail(poll.id), poll);
      void queryClient.invalidateQueries({ queryKey: timePollKeys.ofTeam(poll.teamId) });
    },
  });
}
