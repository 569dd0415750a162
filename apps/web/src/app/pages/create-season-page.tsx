import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTeam } from '../../features/teams/api/get-team.ts';
import { SeasonForm } from '../../features/teams/components/season-form.tsx';
import { viewerTimeZone } from '../../lib/format-event-time.ts';
import { ManagedTeamPicker } from '../composed/managed-team-picker.tsx';

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
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor component={Link} to="/create" size="sm">
          Create
        </Anchor>
        <Title order={1}>New season</Title>
      </Stack>
      <ManagedTeamPicker belongs="A season">
        {(teamId) => <SeasonFormFor key={teamId} teamId={teamId} />}
      </ManagedTeamPicker>
    </Stack>
  );
}
