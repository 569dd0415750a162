import { Anchor, Card, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMyTeams } from '../../features/teams/api/list-my-teams.ts';
import { useTeam } from '../../features/teams/api/get-team.ts';
import { SeasonForm } from '../../features/teams/components/season-form.tsx';
import { viewerTimeZone } from '../../lib/format-event-time.ts';

function SeasonFormFor({ teamId }: { teamId: string }) {
  const team = useTeam(teamId);
  const navigate = useNavigate();
  if (team.isPending) return <Skeleton h={320} radius="md" />;
  if (team.isError) return <Text>The team could not be loaded.</Text>;
  return (
    <SeasonForm
      teamId={teamId}
      timeZone={team.data.timeZone ?? viewerTimeZone()}
      onCreated={() => void navigate(`/team/${encodeURIComponent(teamId)}`)}
    />
  );
}

/**
 * create/season (signed in): a season belongs to a team or community, made by its owner or an
 * organizer, so the hub asks which one first, then opens the team page's own season form.
 */
export function Component() {
  const teams = useMyTeams();
  const [teamId, setTeamId] = useState<string | null>(null);
  const runs = (teams.data?.teams ?? []).filter((team) => team.role === 'owner' || team.role === 'organizer');

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor component={Link} to="/create" size="sm">
          Create
        </Anchor>
        <Title order={1}>New season</Title>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        {teams.isPending ? (
          <Skeleton h={60} radius="md" />
        ) : teams.isError ? (
          <Text>Your teams could not be loaded.</Text>
        ) : runs.length === 0 ? (
          <Text>
            A season belongs to a team or community you run.{' '}
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
              onChange={setTeamId}
              allowDeselect={false}
            />
            {teamId ? <SeasonFormFor key={teamId} teamId={teamId} /> : null}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
