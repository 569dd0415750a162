import { Skeleton, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTeam } from '../../features/teams/api/get-team.ts';
import { SeasonForm } from '../../features/teams/components/season-form.tsx';
import { viewerTimeZone } from '../../lib/format-event-time.ts';
import { CreateForManagedTeam } from '../composed/managed-team-picker.tsx';

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
    <CreateForManagedTeam title="New season" belongs="A season">
      {(teamId) => <SeasonFormFor key={teamId} teamId={teamId} />}
    </CreateForManagedTeam>
  );
}
