import { errorReply } from '@huddle/shared/error-reply';
import { removeTeamPhotoEndpoint, teamDetailReply, teamEndpoints, teamIdParams } from '@huddle/shared/teams';
import { readImageUpload } from '../../lib/images/read-image-upload.ts';
import { getTeamsDashboard } from './team-dashboard.service.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import {
  acceptInvitation,
  answerJoinRequest,
  applyAsAmbassador,
  listTeamTopics,
  removeTeamPhoto,
  saveTeamTopic,
  sendTeamCreateMotivation,
  setTeamPhoto,
  changeMemberRole,
  createInvitation,
  createTeam,
  deleteTeam,
  getTeam,
  joinTeam,
  leaveTeam,
  listFollowedTeams,
  listInvitations,
  listJoinRequests,
  listMyTeams,
  listTeams,
  previewInvitation,
  removeMember,
  revokeInvitation,
  setFollowing,
  transferOwnership,
  updateTeam,
} from './teams.service.ts';

export function registerTeamRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, reads, auth, mailer, config, storage, clock, jobs, realtime } = appDeps;
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const notifyDeps = { db, mailer, clock, jobs, realtime, publicOrigin: config.publicOrigin, log: app.log };

  registerEndpoint(app, teamEndpoints.createTeam, async ({ request, body }) =>
    createTeam(db, { actorId: await actor(request), team: body }),
  );
  registerEndpoint(app, teamEndpoints.getTeam, async ({ request, params }) => {
    const viewerId = await findSessionUserId(auth, request);
    return reads.visitorRead(request, viewerId, (readDb) => getTeam(readDb, { viewerId, teamId: params.teamId }));
  });
  registerEndpoint(app, teamEndpoints.updateTeam, async ({ request, params, body }) =>
    updateTeam(db, { actorId: await actor(request), teamId: params.teamId, changes: body }),
  );
  registerEndpoint(app, teamEndpoints.deleteTeam, async ({ request, params }) => {
    await deleteTeam(db, { actorId: await actor(request), teamId: params.teamId });
    return { ok: true as const };
  });
  registerEndpoint(app, teamEndpoints.listTeams, async ({ request, query }) => {
    const near = query.near === 'true';
    const viewerId = near ? await findSessionUserId(auth, request) : undefined;
    return listTeams(db, { viewerId, search: query.search ?? '', near, limit: query.limit });
  });
  registerEndpoint(app, teamEndpoints.getTeamsDashboard, async ({ request }) =>
    getTeamsDashboard(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, teamEndpoints.listMyTeams, async ({ request }) =>
    listMyTeams(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, teamEndpoints.joinTeam, async ({ request, params }) =>
    joinTeam(notifyDeps, { actorId: await actor(request), teamId: params.teamId }),
  );
  registerEndpoint(app, teamEndpoints.leaveTeam, async ({ request, params }) => {
    await leaveTeam(db, { actorId: await actor(request), teamId: params.teamId });
    return { ok: true as const };
  });
  registerEndpoint(app, teamEndpoints.listJoinRequests, async ({ request, params }) =>
    listJoinRequests(db, { actorId: await actor(request), teamId: params.teamId }),
  );
  registerEndpoint(app, teamEndpoints.approveJoinRequest, async ({ request, params }) =>
    answerJoinRequest(notifyDeps, { actorId: await actor(request), ...params, approve: true }),
  );
  registerEndpoint(app, teamEndpoints.declineJoinRequest, async ({ request, params }) =>
    answerJoinRequest(notifyDeps, { actorId: await actor(request), ...params, approve: false }),
  );
  registerEndpoint(app, teamEndpoints.changeMemberRole, async ({ request, params, body }) =>
    changeMemberRole(db, { actorId: await actor(request), ...params, role: body.role }),
  );
  registerEndpoint(app, teamEndpoints.removeMember, async ({ request, params }) =>
    removeMember(db, { actorId: await actor(request), ...params }),
  );
  registerEndpoint(app, teamEndpoints.transferOwnership, async ({ request, params, body }) =>
    transferOwnership(db, { actorId: await actor(request), teamId: params.teamId, userId: body.userId }),
  );
  registerEndpoint(app, teamEndpoints.followTeam, async ({ request, params }) =>
    setFollowing(db, { actorId: await actor(request), teamId: params.teamId, follow: true }),
  );
  registerEndpoint(app, teamEndpoints.unfollowTeam, async ({ request, params }) =>
    setFollowing(db, { actorId: await actor(request), teamId: params.teamId, follow: false }),
  );
  registerEndpoint(app, teamEndpoints.listFollowedTeams, async ({ request }) =>
    listFollowedTeams(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, teamEndpoints.createInvitation, async ({ request, params, body }) =>
    createInvitation(notifyDeps, { actorId: await actor(request), teamId: params.teamId, ...body }),
  );
  registerEndpoint(app, teamEndpoints.listInvitations, async ({ request, params }) =>
    listInvitations(notifyDeps, { actorId: await actor(request), teamId: params.teamId }),
  );
  registerEndpoint(app, teamEndpoints.revokeInvitation, async ({ request, params }) =>
    revokeInvitation(notifyDeps, { actorId: await actor(request), ...params }),
  );
  registerEndpoint(app, teamEndpoints.previewInvitation, async ({ params }) => previewInvitation(db, params));
  registerEndpoint(app, teamEndpoints.acceptInvitation, async ({ request, params }) =>
    acceptInvitation(db, { actorId: await actor(request), token: params.token }),
  );

  registerEndpoint(app, teamEndpoints.sendMailRequest, async ({ request }) =>
    sendTeamCreateMotivation(notifyDeps, { actorId: await actor(request) }),
  );
  registerEndpoint(app, teamEndpoints.applyAsAmbassador, async ({ request, body }) => {
    await applyAsAmbassador(db, { actorId: await findSessionUserId(auth, request), application: body });
    return { ok: true as const };
  });
  registerEndpoint(app, teamEndpoints.listTeamTopics, async ({ request }) =>
    listTeamTopics(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, teamEndpoints.saveTeamTopic, async ({ request, params, body }) =>
    saveTeamTopic(db, { actorId: await actor(request), teamId: params.teamId, settings: body }),
  );
  registerEndpoint(app, removeTeamPhotoEndpoint, async ({ request, params }) =>
    removeTeamPhoto(db, storage, { actorId: await actor(request), teamId: params.teamId }),
  );
  // Multipart, like the profile photo.
  app.post(
    '/api/teams/:teamId/photo',
    {
      schema: {
        summary: 'Upload the team photo or logo (JPEG, PNG or WebP, at most 5 MB) as the multipart field "photo"',
        tags: ['teams'],
        consumes: ['multipart/form-data'],
        params: teamIdParams,
        response: { 200: teamDetailReply, '4xx': errorReply, '5xx': errorReply },
      },
    },
    async (request) => {
      const actorId = await actor(request);
      const { teamId } = request.params as { teamId: string };
      return setTeamPhoto(db, storage, { actorId, teamId, bytes: await readImageUpload(request) });
    },
  );
}
