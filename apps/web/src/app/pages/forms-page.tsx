import { FormsList } from '../../features/forms/components/forms-list.tsx';
import { useMyTeams } from '../../features/teams/api/list-my-teams.ts';

/** form (signed in): Your forms (issue 14). A form can belong to a team the person runs. */
export function Component() {
  const teams = useMyTeams();
  const runs = (teams.data?.teams ?? [])
    .filter((team) => team.role === 'owner' || team.role === 'organizer')
    .map((team) => ({ id: team.id, name: team.name }));
  return <FormsList teams={runs} />;
}
