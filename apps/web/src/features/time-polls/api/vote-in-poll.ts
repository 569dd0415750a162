import { timePollEndpoints, type VoteBody } from '@huddle/shared/time-polls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { timePollKeys } from './time-poll-query-keys.ts';

export function voteInPoll({ pollId, body }: { pollId: string; body: VoteBody }) {
  return apiRequest(timePollEndpoints.vote, { params: { pollId }, body });
}

export function useVoteInPoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteInPoll,
    onSuccess: (poll) => {
      queryClient.setQueryData(timePollKeys.detail(poll.id), poll);
      void queryClient.invalidateQueries({ queryKey: timePollKeys.ofTeam(poll.teamId) });
    },
  });
}
