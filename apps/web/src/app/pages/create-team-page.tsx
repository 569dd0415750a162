import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useGameTypes } from '../../features/profiles/api/list-game-types.ts';
import { TeamCreateFlow } from '../../features/teams/components/team-create-flow.tsx';
import { TeamCityPicker } from './team-city-picker.tsx';

/** teams/create (spec §2): kind and name, then optional details; game types 'Other' first; a teaser for communities. */
export function Component() {
  const navigate = useNavigate();
  const gameTypes = useGameTypes();
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>Start a team or community</Title>
        <Text c="dimmed">A kind and a name are all it takes; add the details now or later.</Text>
        <Anchor component={Link} to="/start/community" size="sm" style={{ alignSelf: 'flex-start' }}>
          Why start a community? See how it works
        </Anchor>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        <TeamCreateFlow
          gameTypes={gameTypes.data ?? []}
          onCreated={(teamId) => void navigate(`/team/${teamId}`)}
          renderCityPicker={(props) => <TeamCityPicker {...props} />}
        />
      </Card>
    </Stack>
  );
}
