import { teamBodyFor } from '../factories.ts';
import { newInvitation, newTeam, newTeamWithJoinRequest, type Cast, type TeamFixture } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

const publicTeam = (cast: Cast) => ({ params: { teamId: cast.publicTeam.id } });
const privateTeam = (cast: Cast) => ({ params: { teamId: cast.privateTeam.id } });
const freshPublic = async (cast: Cast): Promise<TeamFixture> =>
  newTeam(cast, { visibility: 'public', joinPolicy: 'open' });
const freshPrivate = async (cast: Cast): Promise<TeamFixture> =>
  newTeam(cast, { visibility: 'private', joinPolicy: 'invite' });

const ambassadorApplication = {
  fullName: 'Ada Ambassador',
  email: 'ada.ambassador@example.com',
  city: 'Austin, TX',
  sports: 'Soccer',
  motivation: 'I run three pickup games a week and want more people in them.',
};

// Columns:                                        anonymous otherUser member organizer owner
// Decision 007: owners and organizers manage; a private team answers 404 to outsiders, the same as none.

export const teamRows: MatrixRow[] = [
  { route: 'POST /api/teams', call: () => ({ payload: teamBodyFor() }), expect: signedIn(201) },
  { route: 'GET /api/teams', expect: everyone(200) },
  { route: 'GET /api/teams/{teamId}', target: 'public', call: publicTeam, expect: everyone(200) },
  { route: 'GET /api/teams/{teamId}', target: 'private', call: privateTeam, expect: statuses(404, 404, 200, 200, 200) },
  {
    route: 'PATCH /api/teams/{teamId}',
    target: 'public',
    call: (cast) => ({ ...publicTeam(cast), payload: { description: 'Sunday mornings.' } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PATCH /api/teams/{teamId}',
    target: 'private',
    call: (cast) => ({ ...privateTeam(cast), payload: { description: 'Sunday mornings.' } }),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'DELETE /api/teams/{teamId}',
    target: 'public',
    call: async (cast) => ({ params: { teamId: (await freshPublic(cast)).id } }),
    expect: statuses(401, 403, 403, 403, 200),
  },
  {
    route: 'DELETE /api/teams/{teamId}',
    target: 'private',
    call: async (cast) => ({ params: { teamId: (await freshPrivate(cast)).id } }),
    expect: statuses(401, 404, 403, 403, 200),
  },
  { route: 'GET /api/me/teams', expect: signedIn(200) },
  { route: 'GET /api/me/teams/dashboard', expect: signedIn(200) },
  { route: 'GET /api/me/followed-teams', expect: signedIn(200) },
  {
    route: 'POST /api/teams/{teamId}/join',
    target: 'public, open',
    call: async (cast) => ({ params: { teamId: (await freshPublic(cast)).id } }),
    expect: statuses(401, 200, 409, 409, 409),
  },
  {
    route: 'POST /api/teams/{teamId}/join',
    target: 'public, by request',
    call: async (cast) => ({
      params: { teamId: (await newTeam(cast, { visibility: 'public', joinPolicy: 'request' })).id },
    }),
    expect: statuses(401, 200, 409, 409, 409),
  },
  {
    route: 'POST /api/teams/{teamId}/join',
    target: 'public, by invitation only',
    call: async (cast) => ({
      params: { teamId: (await newTeam(cast, { visibility: 'public', joinPolicy: 'invite' })).id },
    }),
    expect: statuses(401, 403, 409, 409, 409),
  },
  {
    route: 'POST /api/teams/{teamId}/join',
    target: 'private',
    call: async (cast) => ({ params: { teamId: (await freshPrivate(cast)).id } }),
    expect: statuses(401, 404, 409, 409, 409),
  },
  {
    route: 'POST /api/teams/{teamId}/leave',
    target: 'public; the owner hands over first',
    call: async (cast) => ({ params: { teamId: (await freshPublic(cast)).id } }),
    expect: statuses(401, 404, 200, 200, 409),
  },
  {
    route: 'POST /api/teams/{teamId}/leave',
    target: 'private',
    call: async (cast) => ({ params: { teamId: (await freshPrivate(cast)).id } }),
    expect: statuses(401, 404, 200, 200, 409),
  },
  {
    route: 'GET /api/teams/{teamId}/join-requests',
    target: 'public',
    call: publicTeam,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/teams/{teamId}/join-requests',
    target: 'private',
    call: privateTeam,
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'POST /api/teams/{teamId}/join-requests/{userId}/approve',
    call: async (cast) => ({ params: { teamId: (await newTeamWithJoinRequest(cast)).id, userId: cast.bystander.id } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/teams/{teamId}/join-requests/{userId}/decline',
    call: async (cast) => ({ params: { teamId: (await newTeamWithJoinRequest(cast)).id, userId: cast.bystander.id } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PUT /api/teams/{teamId}/members/{userId}/role',
    target: 'a player',
    call: async (cast) => ({
      params: { teamId: (await freshPublic(cast)).id, userId: cast.teammate.id },
      payload: { role: 'substitute' },
    }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'PUT /api/teams/{teamId}/members/{userId}/role',
    target: 'a player, in a private team',
    call: async (cast) => ({
      params: { teamId: (await freshPrivate(cast)).id, userId: cast.teammate.id },
      payload: { role: 'substitute' },
    }),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'PUT /api/teams/{teamId}/members/{userId}/role',
    target: 'a player made organizer: the owner only',
    call: async (cast) => ({
      params: { teamId: (await freshPublic(cast)).id, userId: cast.teammate.id },
      payload: { role: 'organizer' },
    }),
    expect: statuses(401, 403, 403, 403, 200),
  },
  {
    route: 'PUT /api/teams/{teamId}/members/{userId}/role',
    target: 'the organizer: the owner only',
    call: async (cast) => ({
      params: { teamId: (await freshPublic(cast)).id, userId: cast.people.organizer.id },
      payload: { role: 'player' },
    }),
    expect: statuses(401, 403, 403, 403, 200),
  },
  {
    route: 'PUT /api/teams/{teamId}/members/{userId}/role',
    target: 'the owner: only by handing over',
    call: async (cast) => ({
      params: { teamId: (await freshPublic(cast)).id, userId: cast.people.owner.id },
      payload: { role: 'player' },
    }),
    expect: statuses(401, 403, 403, 403, 403),
  },
  {
    route: 'DELETE /api/teams/{teamId}/members/{userId}',
    target: 'a player',
    call: async (cast) => ({ params: { teamId: (await freshPublic(cast)).id, userId: cast.teammate.id } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/teams/{teamId}/members/{userId}',
    target: 'the organizer: the owner only',
    call: async (cast) => ({ params: { teamId: (await freshPublic(cast)).id, userId: cast.people.organizer.id } }),
    expect: statuses(401, 403, 403, 403, 200),
  },
  {
    route: 'POST /api/teams/{teamId}/transfer-ownership',
    call: async (cast) => ({
      params: { teamId: (await freshPublic(cast)).id },
      payload: { userId: cast.teammate.id },
    }),
    expect: statuses(401, 403, 403, 403, 200),
  },
  { route: 'PUT /api/teams/{teamId}/follow', target: 'public', call: publicTeam, expect: signedIn(200) },
  {
    route: 'PUT /api/teams/{teamId}/follow',
    target: 'private',
    call: privateTeam,
    expect: statuses(401, 404, 200, 200, 200),
  },
  { route: 'DELETE /api/teams/{teamId}/follow', target: 'public', call: publicTeam, expect: signedIn(200) },
  {
    route: 'DELETE /api/teams/{teamId}/follow',
    target: 'private',
    call: privateTeam,
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'POST /api/teams/{teamId}/invitations',
    target: 'public, a player',
    call: (cast) => ({ ...publicTeam(cast), payload: { email: null, role: 'player', expiresInDays: 7 } }),
    expect: statuses(401, 403, 403, 201, 201),
  },
  {
    route: 'POST /api/teams/{teamId}/invitations',
    target: 'private, a player',
    call: (cast) => ({ ...privateTeam(cast), payload: { email: null, role: 'player', expiresInDays: 7 } }),
    expect: statuses(401, 404, 403, 201, 201),
  },
  {
    route: 'POST /api/teams/{teamId}/invitations',
    target: 'an organizer: the owner only',
    call: (cast) => ({ ...publicTeam(cast), payload: { email: null, role: 'organizer', expiresInDays: 7 } }),
    expect: statuses(401, 403, 403, 403, 201),
  },
  {
    route: 'GET /api/teams/{teamId}/invitations',
    target: 'public',
    call: publicTeam,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/teams/{teamId}/invitations',
    target: 'private',
    call: privateTeam,
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'DELETE /api/teams/{teamId}/invitations/{invitationId}',
    call: async (cast) => ({
      params: { teamId: cast.publicTeam.id, invitationId: (await newInvitation(cast, cast.publicTeam)).id },
    }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/teams/{teamId}/invitations/{invitationId}',
    target: 'another team’s invitation through this team',
    call: async (cast) => ({
      params: { teamId: cast.publicTeam.id, invitationId: (await newInvitation(cast, cast.privateTeam)).id },
    }),
    expect: statuses(401, 403, 403, 404, 404),
  },
  {
    route: 'GET /api/invitations/{token}',
    target: 'a link to a private team: the token is the key',
    call: async (cast) => ({ params: { token: (await newInvitation(cast, cast.privateTeam)).token } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/invitations/{token}/accept',
    target: 'a link to a new private team',
    call: async (cast) => ({ params: { token: (await newInvitation(cast, await freshPrivate(cast))).token } }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/mail-requests',
    call: () => ({ payload: { template: 'team-create-motivation-notification' } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/ambassador-applications',
    call: () => ({ payload: ambassadorApplication }),
    expect: everyone(201),
  },
  { route: 'GET /api/me/team-notification-topics', expect: signedIn(200) },
  {
    route: 'PUT /api/me/team-notification-topics/{teamId}',
    call: (cast) => ({ ...publicTeam(cast), payload: { email: false, push: true } }),
    expect: statuses(401, 404, 200, 200, 200),
  },
  {
    route: 'POST /api/teams/{teamId}/photo',
    target: 'public',
    call: (cast) => ({ ...publicTeam(cast), photo: true }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/teams/{teamId}/photo',
    target: 'private',
    call: (cast) => ({ ...privateTeam(cast), photo: true }),
    expect: statuses(401, 404, 403, 200, 200),
  },
  {
    route: 'DELETE /api/teams/{teamId}/photo',
    target: 'public',
    call: publicTeam,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/teams/{teamId}/photo',
    target: 'private',
    call: privateTeam,
    expect: statuses(401, 404, 403, 200, 200),
  },
  { route: 'GET /api/teams/{teamId}/events', target: 'public', call: publicTeam, expect: everyone(200) },
  {
    route: 'GET /api/teams/{teamId}/events',
    target: 'private',
    call: privateTeam,
    expect: statuses(404, 404, 200, 200, 200),
  },
];
