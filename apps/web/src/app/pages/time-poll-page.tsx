import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTimePoll } from '../../features/time-polls/api/get-time-poll.ts';
import { useVoteInPoll } from '../../features/time-polls/api/vote-in-poll.ts';
import { CloseTimePollPanel } from '../../features/time-polls/components/close-time-poll-panel.tsx';
import { TimePollView } from '../../features/time-polls/components/time-poll-view.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';

/** teams/{teamId}/polls/{pollId} (signed in, the team's members): vote, watch the results live, close. */
export function Component() {
  const { teamId = '', pollId = '' } = useParams();
  const poll = useTimePoll(pollId);
  const vote = useVoteInPoll();
  const missing = poll.error instanceof ApiError && (poll.error.code === 'NOT_FOUND' || poll.error.status === 400);
  usePageName(missing ? notFoundPageName : poll.data?.title);

  if (poll.isPending) return <Text c="dimmed">Loading poll…</Text>;
  if (missing) return <Text>{poll.error?.message}</Text>;
  if (poll.isError) return <Text>The poll could not be loaded.</Text>;
  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to={`/team/${teamId}`} size="sm">
        Back to {poll.data.teamName}
      </Anchor>
      <TimePollView
        key={poll.data.id}
        poll={poll.data}
        onVote={(body) => vote.mutate({ pollId, body })}
        saving={vote.isPending}
        saveError={vote.error}
        saved={vote.isSuccess}
        closePanel={
          poll.data.viewer.canManage && poll.data.status === 'open' ? <CloseTimePollPanel poll={poll.data} /> : null
        }
      />
    </Stack>
  );
}
