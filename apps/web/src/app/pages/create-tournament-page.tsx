import { useNavigate } from 'react-router';
import { TournamentForm } from '../../features/tournaments/components/tournament-form.tsx';
import { CreateForManagedTeam } from '../composed/managed-team-picker.tsx';

/**
 * create/tournament (signed in): a tournament belongs to a team or community, made by its owner
 * or an organizer, so the hub asks which one first; the entrants are entered on its page next.
 */
export function Component() {
  const navigate = useNavigate();
  return (
    <CreateForManagedTeam title="New tournament" belongs="A tournament">
      {(teamId) => (
        <TournamentForm
          key={teamId}
          teamId={teamId}
          onCreated={(tournament) => void navigate(`/tournament/${encodeURIComponent(tournament.id)}`)}
        />
      )}
    </CreateForManagedTeam>
  );
}
