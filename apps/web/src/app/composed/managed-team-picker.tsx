import { Anchor, Card, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMyTeams } from '../../features/teams/api/list-my-teams.ts';

/**
 * The create hub's first step for what belongs to a team or community the person runs (a season,
 * a tournament): which one, chosen at once when they run just one; then `children` with its id.
 */
export function ManagedTeamPicker({
  belongs,
  children,
}: {
  /** What the thing is, for the sentence shown to someone who runs none: "A season". */
  belongs: string;
  children: (teamId: string) => ReactNode;
}) {
  const teams = useMyTeams();
  const runs = (teams.data?.teams ?? []).filter((team) => team.role === 'owner' || team.role === 'organizer');
  const [chosen, setChosen] = useState<string | null>(null);
  const teamId = chosen ?? (runs.length === 1 ? runs[0]!.id : null);
  return (
    <Card withBorder radius="lg" padding="lg">
      {teams.isPending ? (
        <Skeleton h={60} radius="md" />
      ) : teams.isError ? (
        <Text>Your teams could not be loaded.</Text>
      ) : runs.length === 0 ? (
        <Text>
          {belongs} belongs to a team or community you run.{' '}
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
          {teamId ? children(teamId) : null}
        </Stack>
      )}
    </Card>
  );
}

/**
 * A create/* page for what belongs to a team or community the person runs: the way back to the
 * create hub, the page's heading, then the team picker and `children` for the chosen team.
 */
export function CreateForManagedTeam({
  title,
  belongs,
  children,
}: {
  title: string;
  belongs: string;
  children: (teamId: string) => ReactNode;
}) {
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor component={Link} to="/create" size="sm">
          Create
        </Anchor>
        <Title order={1}>{title}</Title>
      </Stack>
      <ManagedTeamPicker belongs={belongs}>{children}</ManagedTeamPicker>
    </Stack>
  );
}
