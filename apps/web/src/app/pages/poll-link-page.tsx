import { Alert, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useLinkPoll } from '../../features/time-polls/api/get-poll-by-link.ts';
import { useVoteByLink } from '../../features/time-polls/api/vote-by-link.ts';
import { TimePollView } from '../../features/time-polls/components/time-poll-view.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';

/**
 * polls/vote/{token} (open to everyone): the personal link a poll's mail carries. It votes as the
 * member it was sent to, without signing in, on that poll only (decision 080).
 */
export function Component() {
  const { token = '' } = useParams();
  const poll = useLinkPoll(token);
  const vote = useVoteByLink();
  const invalid = poll.error instanceof ApiError && (poll.error.code === 'NOT_FOUND' || poll.error.status === 400);
  usePageName(invalid ? notFoundPageName : poll.data?.title);

  if (poll.isPending) return <Text c="dimmed">Loading poll…</Text>;
  if (invalid) return <Alert color="red">{poll.error?.message}</Alert>;
  if (poll.isError) return <Text>The poll could not be loaded.</Text>;
  return (
    <Stack gap="md" maw={1100} p={{ base: 'sm', sm: 'md' }}>
      <Text size="sm" c="dimmed">
        Voting as {poll.data.viewer.displayName}. This link is yours alone: do not forward it.
      </Text>
      <TimePollView
        key={poll.data.id}
        poll={poll.data}
        onVote={(body) => vote.mutate({ token, body })}
        saving={vote.isPending}
        saveError={vote.error}
        saved={vote.isSuccess}
      />
    </Stack>
  );
}
