import { Anchor, Card, Select, Stack, Skeleton, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMyTeams } from '../../features/teams/api/list-my-teams.ts';
import { TournamentForm } from '../../features/tournaments/components/tournament-form.tsx';

/**
 * create/tournament (signed in): a tournament belongs to a team or community, made by its owner
 * or an organizer, so the hub asks which one first; the entrants are entered on its page next.
 */
export function Component() {
  const teams = useMyTeams();
  const navigate = useNavigate();
  const runs = (teams.data?.teams ?? []).filter((team) => team.role === 'owner' || team.role === 'organizer');
  const [chosen, setChosen] = useState<string | null>(null);
  const teamId = chosen ?? (runs.length === 1 ? runs[0]!.id : null);

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor component={Link} to="/create" size="sm">
          Create
        </Anchor>
        <Title order={1}>New tournament</Title>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        {teams.isPending ? (
          <Skeleton h={60} radius="md" />
        ) : teams.isError ? (
          <Text>Your teams could not be loaded.</Text>
        ) : runs.length === 0 ? (
          <Text>
            A tournament belongs to a team or community you run.{' '}
            <Anchor component={Link} to="/teams/create" fw={600} c="inherit" underline="always">
              Create a team or community
            </Anchor>{' '}
            first.
          </Text>
        ) : (
          <Stack gap="lg">
            <Select
              label="Team or community"
              placeholder="Choose one you run"
              data={runs.map((team) => ({ value: team.id, label: team.name }))}
              value={teamId}
              onChange={setChosen}
              allowDeselect={false}
            />
            {teamId ? (
              <TournamentForm
                key={teamId}
                teamId={teamId}
                onCreated={(tournament) => void navigate(`/tournament/${encodeURIComponent(tournament.id)}`)}
              />
            ) : null}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
