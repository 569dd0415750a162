import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { TeamTimePollsCard } from '../../features/time-polls/components/team-time-polls-card.tsx';
import { usePageName } from '../use-page-name.ts';

/** teams/{teamId}/polls (signed in, the team's members): the team's time polls, open and closed. */
export function Component() {
  const { teamId = '' } = useParams();
  usePageName('Time polls');
  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={`/team/${teamId}`} size="sm">
        Back to the team
      </Anchor>
      <Title order={1}>Time polls</Title>
      <TeamTimePollsCard teamId={teamId} titled={false} />
    </Stack>
  );
}
