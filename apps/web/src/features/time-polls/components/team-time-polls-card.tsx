import type { TimePollList } from '@huddle/shared/time-polls';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTeamTimePolls } from '../api/list-team-time-polls.ts';

function PollRow({ teamId, poll }: { teamId: string; poll: TimePollList['polls'][number] }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Anchor component={Link} to={`/teams/${teamId}/polls/${poll.id}`}>
        {poll.title}
      </Anchor>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {poll.respondedCount} answered
        </Text>
        <Badge variant="outline" color={poll.status === 'open' ? 'huddle.9' : 'gray.8'}>
          {poll.status === 'open' ? 'Open' : 'Closed'}
        </Badge>
      </Group>
    </Group>
  );
}

/**
 * The team page's time polls, for its members: open ones first; organizers start a new one. On the
 * polls page, whose own heading says "Time polls", the card leaves out its heading (`titled={false}`).
 */
export function TeamTimePollsCard({ teamId, titled = true }: { teamId: string; titled?: boolean }) {
  const polls = useTeamTimePolls(teamId, true);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Time polls">
      <Stack gap="sm">
        {titled && (
          <Title order={2} size="h3">
            Time polls
          </Title>
        )}
        {polls.isPending ? (
          <Skeleton h={60} radius="md" />
        ) : polls.isError ? (
          <Text>The polls could not be loaded.</Text>
        ) : polls.data.polls.length === 0 ? (
          <Text c="dimmed">No polls yet.</Text>
        ) : (
          <Stack gap="xs">
            {polls.data.polls.map((poll) => (
              <PollRow key={poll.id} teamId={teamId} poll={poll} />
            ))}
          </Stack>
        )}
        {polls.data?.canCreate && (
          <Button
            component={Link}
            to={`/teams/${teamId}/polls/new`}
            variant="light"
            style={{ alignSelf: 'flex-start' }}
          >
            Send a time poll
          </Button>
        )}
      </Stack>
    </Card>
  );
}
