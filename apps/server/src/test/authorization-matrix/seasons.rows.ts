import { newGroup, newSeason, registerFor, seasonBodyFor, type Cast } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

const publishedSeason = async (cast: Cast) => ({ params: { seasonId: (await newSeason(cast, cast.publicTeam)).id } });
const privateTeamSeason = async (cast: Cast) => ({
  params: { seasonId: (await newSeason(cast, cast.privateTeam)).id },
});
const draftSeason = async (cast: Cast) => ({
  params: { seasonId: (await newSeason(cast, cast.publicTeam, 'draft')).id },
});
const teammateRegistration = async (cast: Cast) => {
  const season = await newSeason(cast, cast.publicTeam);
  return { seasonId: season.id, registrationId: (await registerFor(cast, cast.teammate, season.id)).id };
};

// Columns:                                        anonymous otherUser member organizer owner
// Decision 007: organizers run seasons; drafts exist for organizers only; a private team's seasons
// answer 404 to outsiders like the team.

export const seasonRows: MatrixRow[] = [
  {
    route: 'POST /api/teams/{teamId}/seasons',
    target: 'public team',
    call: (cast) => ({ params: { teamId: cast.publicTeam.id }, payload: seasonBodyFor() }),
    expect: statuses(401, 403, 403, 201, 201),
  },
  {
    route: 'POST /api/teams/{teamId}/seasons',
    target: 'private team',
    call: (cast) => ({ params: { teamId: cast.privateTeam.id }, payload: seasonBodyFor() }),
    expect: statuses(401, 404, 403, 201, 201),
  },
  {
    route: 'GET /api/teams/{teamId}/seasons',
    target: 'public team',
    call: (cast) => ({ params: { teamId: cast.publicTeam.id } }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/teams/{teamId}/seasons',
    target: 'private team',
    call: (cast) => ({ params: { teamId: cast.privateTeam.id } }),
    expect: statuses(404, 404, 200, 200, 200),
  },
  { route: 'GET /api/seasons/{seasonId}', target: 'published', call: publishedSeason, expect: everyone(200) },
  {
    route: 'GET /api/seasons/{seasonId}',
    target: 'a private team’s',
    call: privateTeamSeason,
    expect: statuses(404, 404, 200, 200, 200),
  },
  {
    route: 'GET /api/seasons/{seasonId}',
    target: 'draft',
    call: draftSeason,
    expect: statuses(404, 404, 404, 200, 200),
  },
  {
    route: 'PUT /api/seasons/{seasonId}',
    target: 'published',
    call: async (cast) => ({ ...(await publishedSeason(cast)), payload: seasonBodyFor() }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PUT /api/seasons/{seasonId}',
    target: 'a private team’s',
    call: async (cast) => ({ ...(await privateTeamSeason(cast)), payload: seasonBodyFor() }),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'PUT /api/seasons/{seasonId}',
    target: 'draft: as hidden as when read',
    call: async (cast) => ({ ...(await draftSeason(cast)), payload: seasonBodyFor('draft') }),
    expect: statuses(401, 404, 404, 200, 200),
  },
  {
    route: 'DELETE /api/seasons/{seasonId}',
    target: 'published',
    call: publishedSeason,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/seasons/{seasonId}',
    target: 'draft',
    call: draftSeason,
    expect: statuses(401, 404, 404, 200, 200),
  },
  {
    route: 'POST /api/seasons/{seasonId}/groups',
    call: async (cast) => ({ ...(await publishedSeason(cast)), payload: { name: 'Division B' } }),
    expect: statuses(401, 403, 403, 201, 201),
  },
  {
    route: 'POST /api/seasons/{seasonId}/groups',
    target: 'draft',
    call: async (cast) => ({ ...(await draftSeason(cast)), payload: { name: 'Division B' } }),
    expect: statuses(401, 404, 404, 201, 201),
  },
  {
    route: 'DELETE /api/seasons/{seasonId}/groups/{groupId}',
    call: async (cast) => {
      const season = await newSeason(cast, cast.publicTeam);
      return { params: { seasonId: season.id, groupId: (await newGroup(cast, season.id)).id } };
    },
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/seasons/{seasonId}/sessions',
    call: async (cast) => ({
      ...(await publishedSeason(cast)),
      payload: { title: 'Week 1', startsAt: '2030-03-01T18:00:00-06:00', durationMinutes: 90, repeatWeeklyUntil: null },
    }),
    expect: statuses(401, 403, 403, 201, 201),
  },
  { route: 'GET /api/seasons/{seasonId}/sessions', target: 'published', call: publishedSeason, expect: everyone(200) },
  {
    route: 'GET /api/seasons/{seasonId}/sessions',
    target: 'a private team’s',
    call: privateTeamSeason,
    expect: statuses(404, 404, 200, 200, 200),
  },
  {
    route: 'GET /api/seasons/{seasonId}/sessions',
    target: 'draft',
    call: draftSeason,
    expect: statuses(404, 404, 404, 200, 200),
  },
  {
    route: 'POST /api/seasons/{seasonId}/registrations',
    target: 'public team; anonymous as a guest',
    call: async (cast, role) => ({
      ...(await publishedSeason(cast)),
      payload: { guest: role === 'anonymous' ? { name: 'Guest Player', email: 'guest.player@example.com' } : null },
    }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/seasons/{seasonId}/registrations',
    target: 'public team; anonymous without a guest',
    call: async (cast) => ({ ...(await publishedSeason(cast)), payload: { guest: null } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/seasons/{seasonId}/registrations',
    target: 'private team; anonymous as a guest',
    call: async (cast, role) => ({
      ...(await privateTeamSeason(cast)),
      payload: { guest: role === 'anonymous' ? { name: 'Guest Player', email: 'guest.private@example.com' } : null },
    }),
    expect: statuses(404, 404, 201, 201, 201),
  },
  {
    route: 'POST /api/seasons/{seasonId}/registrations',
    target: 'draft',
    call: async (cast) => ({ ...(await draftSeason(cast)), payload: { guest: null } }),
    expect: statuses(404, 404, 404, 409, 409),
  },
  {
    route: 'GET /api/seasons/{seasonId}/registrations',
    target: 'public team',
    call: publishedSeason,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/seasons/{seasonId}/registrations',
    target: 'private team',
    call: privateTeamSeason,
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'GET /api/seasons/{seasonId}/registrations',
    target: 'draft',
    call: draftSeason,
    expect: statuses(401, 404, 404, 200, 200),
  },
  {
    route: 'GET /api/seasons/{seasonId}/registrations.csv',
    target: 'public team',
    call: publishedSeason,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/seasons/{seasonId}/registrations.csv',
    target: 'private team',
    call: privateTeamSeason,
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'PATCH /api/seasons/{seasonId}/registrations/{registrationId}',
    target: 'the teammate’s',
    call: async (cast) => ({ params: await teammateRegistration(cast), payload: { status: 'approved' } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/seasons/{seasonId}/registrations/{registrationId}',
    target: 'the teammate’s',
    call: async (cast) => ({ params: await teammateRegistration(cast) }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/seasons/{seasonId}/registrations/{registrationId}',
    target: 'the caller’s own (withdrawing)',
    call: async (cast, role) => {
      const season = await newSeason(cast, cast.publicTeam);
      const person = cast.people[role === 'anonymous' ? 'otherUser' : role];
      return { params: { seasonId: season.id, registrationId: (await registerFor(cast, person, season.id)).id } };
    },
    expect: signedIn(200),
  },
  { route: 'GET /api/me/registrations', expect: signedIn(200) },
];
