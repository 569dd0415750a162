import { timePollEndpoints, type VoteBody } from '@huddle/shared/time-polls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { timePollKeys } from './time-poll-query-keys.ts';

export function voteByLink({ token, body }: { token: string; body: VoteBody }) {
  return apiRequest(timePollEndpoints.voteByLink, { params: { token }, body });
}

export function useVoteByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteByLink,
    onSuccess: (poll, { token }) => queryClient.setQueryData(timePollKeys.byLink(token), poll),
  });
}
