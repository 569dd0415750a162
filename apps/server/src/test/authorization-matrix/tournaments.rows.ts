import { tournamentBodyFor } from '../factories.ts';
import { apiAs, type Cast, type TeamFixture } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 16, decision 050: a team's owner and organizers run its tournaments; tournaments are as
// public as their team (a private team's answer 404 to outsiders); scores are the organizers'
// (and the sides' captains' when allowed: the service test covers captains).

const entrants = { entrants: [{ name: 'Aces' }, { name: 'Bandits' }, { name: 'Comets' }] };

async function newTournament(cast: Cast, team: TeamFixture, { scheduled = false } = {}) {
  const owner = cast.people.owner;
  const tournament = await apiAs<{ id: string }>(
    cast,
    owner,
    'POST',
    `/api/teams/${team.id}/tournaments`,
    tournamentBodyFor(),
  );
  await apiAs(cast, owner, 'PUT', `/api/tournaments/${tournament.id}/entrants`, entrants);
  if (!scheduled) return { tournamentId: tournament.id, matchId: '' };
  const detail = await apiAs<{ matches: { id: string }[] }>(
    cast,
    owner,
    'POST',
    `/api/tournaments/${tournament.id}/schedule`,
  );
  return { tournamentId: tournament.id, matchId: detail.matches[0]!.id };
}
const onPublic = async (cast: Cast) => ({ params: await newTournament(cast, cast.publicTeam) });
const onPrivate = async (cast: Cast) => ({ params: await newTournament(cast, cast.privateTeam) });
const scored = async (cast: Cast, team: TeamFixture) => ({
  params: await newTournament(cast, team, { scheduled: true }),
  payload: { homeScore: 6, awayScore: 4, version: 0 },
});

export const tournamentRows: MatrixRow[] = [
  {
    route: 'POST /api/teams/{teamId}/tournaments',
    target: 'public team',
    call: (cast) => ({ params: { teamId: cast.publicTeam.id }, payload: tournamentBodyFor() }),
    expect: statuses(401, 403, 403, 201, 201),
  },
  {
    route: 'POST /api/teams/{teamId}/tournaments',
    target: 'private team',
    call: (cast) => ({ params: { teamId: cast.privateTeam.id }, payload: tournamentBodyFor() }),
    expect: statuses(401, 404, 403, 201, 201),
  },
  {
    route: 'GET /api/teams/{teamId}/tournaments',
    target: 'public team',
    call: (cast) => ({ params: { teamId: cast.publicTeam.id } }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/teams/{teamId}/tournaments',
    target: 'private team',
    call: (cast) => ({ params: { teamId: cast.privateTeam.id } }),
    expect: statuses(404, 404, 200, 200, 200),
  },
  { route: 'GET /api/tournaments/mine', expect: signedIn(200) },
  { route: 'GET /api/tournaments/{tournamentId}', target: 'public team', call: onPublic, expect: everyone(200) },
  {
    route: 'GET /api/tournaments/{tournamentId}',
    target: 'private team',
    call: onPrivate,
    expect: statuses(404, 404, 200, 200, 200),
  },
  {
    route: 'PATCH /api/tournaments/{tournamentId}',
    target: 'public team',
    call: async (cast) => ({ ...(await onPublic(cast)), payload: { ...tournamentBodyFor(), version: 0 } }),
    // Each role edits its own new tournament, so each sends the version it read.
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PATCH /api/tournaments/{tournamentId}',
    target: 'private team',
    call: async (cast) => ({ ...(await onPrivate(cast)), payload: { ...tournamentBodyFor(), version: 0 } }),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'DELETE /api/tournaments/{tournamentId}',
    target: 'public team',
    call: onPublic,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/tournaments/{tournamentId}',
    target: 'private team',
    call: onPrivate,
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'PUT /api/tournaments/{tournamentId}/entrants',
    target: 'public team',
    call: async (cast) => ({ ...(await onPublic(cast)), payload: entrants }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PUT /api/tournaments/{tournamentId}/entrants',
    target: 'private team',
    call: async (cast) => ({ ...(await onPrivate(cast)), payload: entrants }),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'POST /api/tournaments/{tournamentId}/schedule',
    target: 'public team',
    call: onPublic,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/tournaments/{tournamentId}/schedule',
    target: 'private team',
    call: onPrivate,
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'PUT /api/tournaments/{tournamentId}/matches/{matchId}/score',
    target: 'public team, captains may not score',
    call: (cast) => scored(cast, cast.publicTeam),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PUT /api/tournaments/{tournamentId}/matches/{matchId}/score',
    target: 'private team',
    call: (cast) => scored(cast, cast.privateTeam),
    expect: statuses(401, 404, 403, 200, 200),
  },
];
