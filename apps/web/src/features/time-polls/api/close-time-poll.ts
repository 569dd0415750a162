import { timePollEndpoints, type CloseTimePollBody } from '@huddle/shared/time-polls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { timePollKeys } from './time-poll-query-keys.ts';

export function closeTimePoll({ pollId, body }: { pollId: string; body: CloseTimePollBody }) {
  return apiRequest(timePollEndpoints.close, { params: { pollId }, body });
}

export function useCloseTimePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTimePoll,
    onSuccess: (poll) => {
      queryClient.setQueryData(timePollKeys.detail(poll.id), poll);
      void queryClient.invalidateQueries({ queryKey: timePollKeys.ofTeam(poll.teamId) });
    },
  });
}
