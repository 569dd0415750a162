import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { TournamentForm } from '../../features/tournaments/components/tournament-form.tsx';
import { ManagedTeamPicker } from '../composed/managed-team-picker.tsx';

/**
 * create/tournament (signed in): a tournament belongs to a team or community, made by its owner
 * or an organizer, so the hub asks which one first; the entrants are entered on its page next.
 */
export function Component() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor component={Link} to="/create" size="sm">
          Create
        </Anchor>
        <Title order={1}>New tournament</Title>
      </Stack>
      <ManagedTeamPicker belongs="A tournament">
        {(teamId) => (
          <TournamentForm
            key={teamId}
            teamId={teamId}
            onCreated={(tournament) => void navigate(`/tournament/${encodeURIComponent(tournament.id)}`)}
          />
        )}
      </ManagedTeamPicker>
    </Stack>
  );
}
