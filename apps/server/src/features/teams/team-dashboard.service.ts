import type { Database } from '../../db/client.ts';
import { listSeasons } from '../seasons/seasons.service.ts';
import { listJoinRequests, listMyTeams, managers } from './teams.service.ts';

// Apart from teams.service.ts because it reads seasons, and the seasons feature reads teams.

/** teams-v3: every team the user owns or organizes, with what needs their attention. */
export async function getTeamsDashboard(db: Database, { actorId }: { actorId: string }) {
  const { teams } = await listMyTeams(db, { actorId });
  const managed = teams.filter((team) => managers.includes(team.role));
  return {
    teams: await Promise.all(
      managed.map(async (team) => {
        const [{ requests }, { seasons }] = await Promise.all([
          listJoinRequests(db, { actorId, teamId: team.id }),
          listSeasons(db, { viewerId: actorId, teamId: team.id }),
        ]);
        return {
          ...team,
          pendingRequests: requests.length,
          seasons: seasons
            .filter((season) => season.status !== 'archived')
            .map(({ id, label, registrationOpen, registeredCount, capacity }) => ({
              id,
              label,
              registrationOpen,
              registeredCount,
              capacity,
            })),
        };
      }),
    ),
  };
}
