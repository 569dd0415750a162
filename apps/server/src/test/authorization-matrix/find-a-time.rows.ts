import type { Cast } from './cast.ts';
import { statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 34 part 1, "Find a time" (decision 079): the team's owner and organizers only, as every
// other team management route (decision 007); a private team does not exist for outsiders (404).
// Members' availability and names never reach a player or an outsider.

/** Two days ahead: today or later on any team's calendar, whatever the zone. */
const startDate = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

export const findATimeRows: MatrixRow[] = (['public', 'private'] as const).map((target) => ({
  route: 'POST /api/teams/{teamId}/find-a-time',
  target,
  call: (cast: Cast) => ({
    params: { teamId: (target === 'public' ? cast.publicTeam : cast.privateTeam).id },
    payload: { startDate: startDate(), days: 7, durationMinutes: 90 },
  }),
  expect: target === 'public' ? statuses(401, 403, 403, 200, 200) : statuses(401, 404, 403, 200, 200),
}));
