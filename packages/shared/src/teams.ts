import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { timeZoneName } from './dates.ts';
import { okReply } from './accounts.ts';
import { atLeastOneChange } from './partial-update.ts';
import { usCity } from './profiles.ts';
import { email } from './users.ts';

/** Issue 4: teams and communities, roles (spec §6), join policies. */
export const teamKinds = ['team', 'community'] as const;
export type TeamKind = (typeof teamKinds)[number];
/** How a team's kind reads on screen (team pages and player profiles). */
export const teamKindLabels = { team: 'Team', community: 'Community' } as const;
export const joinPolicies = ['open', 'request', 'invite'] as const;
export const teamVisibilities = ['public', 'private'] as const;
export const teamRoles = ['owner', 'organizer', 'player', 'substitute'] as const;
export type TeamRole = (typeof teamRoles)[number];
/** Roles an organizer can give; ownership moves only by handover. */
export const assignableRoles = ['organizer', 'player', 'substitute'] as const;
export const teamNameLength = { min: 2, max: 60 } as const;
export const teamDescriptionMax = 2000;
/** Spec §4: the base tier of every team. */
export const freeTeamTier = 'Rookie';

export const teamIdParams = z.object({ teamId: z.uuid('Unknown team.') });
export const teamMemberParams = teamIdParams.extend({ userId: z.string().min(1).max(64) });

const teamName = z
  .string({ error: 'Enter a name.' })
  .trim()
  .min(teamNameLength.min, `Name must be at least ${teamNameLength.min} characters.`)
  .max(teamNameLength.max, `Name must be at most ${teamNameLength.max} characters.`);

/** A team's details; on create only kind and name are asked, the rest can wait (issue 11, item 13). */
const teamFields = z.strictObject({
  kind: z.enum(teamKinds, { error: 'Choose a team or a community.' }),
  name: teamName,
  gameType: z.string({ error: 'Choose a game type.' }).trim().min(1, 'Choose a game type.').max(60),
  description: z
    .string()
    .trim()
    .max(teamDescriptionMax, `Description must be at most ${teamDescriptionMax} characters.`)
    .nullable(),
  city: usCity,
  joinPolicy: z.enum(joinPolicies, { error: 'Choose who can join.' }),
  visibility: z.enum(teamVisibilities, { error: 'Choose who can see it.' }),
});

/**
 * What a new team gets for the details its creator skipped: 'Other' is the game type the
 * create page offers first (spec §2); open and public are the choices the form starts on.
 */
export const teamDefaults = { gameType: 'Other', joinPolicy: 'open', visibility: 'public' } as const;

export const createTeamBody = teamFields
  .extend({
    gameType: teamFields.shape.gameType.optional(),
    description: teamFields.shape.description.optional(),
    city: usCity.nullable().optional(),
    joinPolicy: teamFields.shape.joinPolicy.optional(),
    visibility: teamFields.shape.visibility.optional(),
    /** Where the team meets, for its sessions' times; the creating browser's zone (issue 11). */
    timeZone: timeZoneName.optional(),
  })
  .meta({ id: 'CreateTeam' });
export type CreateTeamBody = z.infer<typeof createTeamBody>;

export const updateTeamBody = atLeastOneChange(
  teamFields
    .omit({ kind: true })
    .partial()
    // Issue 11: a zone picked wrongly at creation (the creating browser's) can be corrected.
    .extend({ timeZone: timeZoneName.optional() }),
).meta({ id: 'UpdateTeam' });
export type UpdateTeamBody = z.infer<typeof updateTeamBody>;

export const teamSummary = z
  .object({
    id: z.string(),
    kind: z.enum(teamKinds),
    name: z.string(),
    gameType: z.string(),
    photoURL: z.string().nullable(),
    city: z.string().nullable(),
    joinPolicy: z.enum(joinPolicies),
    visibility: z.enum(teamVisibilities),
    subscription: z.string(),
    memberCount: z.number().int(),
  })
  .meta({ id: 'TeamSummary' });
export type TeamSummary = z.infer<typeof teamSummary>;

export const teamMember = z.object({
  id: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  role: z.enum(teamRoles),
});

export const teamDetailReply = teamSummary
  .extend({
    description: z.string().nullable(),
    /** The zone the team's sessions are set and shown in; null for a team made before teams had one. */
    timeZone: z.string().nullable(),
    createdAt: z.iso.datetime(),
    members: z.array(teamMember),
    viewer: z.object({
      role: z.enum(teamRoles).nullable(),
      following: z.boolean(),
      pendingRequest: z.boolean(),
    }),
  })
  .meta({ id: 'TeamDetail' });
export type TeamDetail = z.infer<typeof teamDetailReply>;

export const myTeamsReply = z.object({
  teams: z.array(
    teamSummary.extend({
      role: z.enum(teamRoles),
      /** The start of the team's next session, if any (my-communities: "next activity"). */
      nextActivityAt: z.iso.datetime().nullable(),
    }),
  ),
});
export const teamListQuery = z.object({
  search: z.string().trim().max(60).optional(),
  /** Nearest first from the signed-in user's city. */
  near: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const teamListReply = z.object({
  teams: z.array(teamSummary.extend({ distanceKm: z.number().nullable() })),
});

export const joinTeamReply = z.object({
  outcome: z.enum(['joined', 'requested']),
  team: teamDetailReply,
});

export const changeRoleBody = z.strictObject({ role: z.enum(assignableRoles, { error: 'Choose a role.' }) });
export const transferOwnershipBody = z.strictObject({ userId: z.string().min(1).max(64) });

export const invitationReply = z.object({
  id: z.string(),
  email: z.string().nullable(),
  role: z.enum(assignableRoles),
  url: z.string(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  acceptedCount: z.number().int(),
});
export const createInvitationBody = z.strictObject({
  /** With an email the invitation is mailed; without, it is a shareable link. */
  email: email.nullable().default(null),
  role: z.enum(assignableRoles).default('player'),
  expiresInDays: z.number().int().min(1, 'At least one day.').max(30, 'At most 30 days.').default(7),
});
/**
 * Invitation mails go to any address an organizer types, so Huddle sends at most this many for
 * one organizer (all their teams together) in any rolling 24 hours. Links they share themselves
 * are not counted.
 */
export const invitationMailLimit = { perOrganizer: 50, windowHours: 24 } as const;
export const invitationMailLimitMessage = `You have sent ${invitationMailLimit.perOrganizer} invitation emails in the last ${invitationMailLimit.windowHours} hours, the most Huddle sends for one organizer. Try again later, or create an invitation link and share it yourself.`;
export const invitationParams = z.object({ token: z.string().min(16).max(128) });
export const invitationIdParams = teamIdParams.extend({ invitationId: z.uuid() });
export const invitationPreviewReply = z.object({
  team: teamSummary,
  role: z.enum(assignableRoles),
  expiresAt: z.iso.datetime(),
});

export const joinRequestReply = z.object({
  requests: z.array(
    z.object({ userId: z.string(), displayName: z.string(), photoURL: z.string(), requestedAt: z.iso.datetime() }),
  ),
});

export const removeTeamPhotoEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/teams/:teamId/photo',
  summary: 'Remove the team photo (owner and organizers)',
  tags: ['teams'],
  params: teamIdParams,
  reply: teamDetailReply,
});

/** Spec §4: leaving the create flow on steps 2-6 queues this mail request. */
export const mailTemplates = ['team-create-motivation-notification'] as const;
export const mailRequestBody = z.strictObject({ template: z.enum(mailTemplates) });
export const mailRequestReply = z.object({ queued: z.boolean() });

export const ambassadorApplicationBody = z
  .strictObject({
    fullName: z.string({ error: 'Enter your name.' }).trim().min(2, 'At least 2 characters.').max(300),
    email,
    city: z.string({ error: 'Enter your city.' }).trim().min(2, 'Enter your city.').max(120),
    sports: z.string().trim().max(300).nullable(),
    motivation: z
      .string({ error: 'Tell us why.' })
      .trim()
      .min(20, 'Tell us a little more (at least 20 characters).')
      .max(3000, 'At most 3000 characters.'),
  })
  .meta({ id: 'AmbassadorApplication' });
export const ambassadorThanksMessage = 'Thanks! We read every application and will get back to you by email.';

export const teamDashboardReply = z.object({
  teams: z.array(
    teamSummary.extend({
      role: z.enum(teamRoles),
      pendingRequests: z.number().int(),
      seasons: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          registrationOpen: z.boolean(),
          registeredCount: z.number().int(),
          capacity: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});

export const teamTopicSettings = z.object({ email: z.boolean(), push: z.boolean() });
export const teamTopicsReply = z.object({
  topics: z.array(z.object({ teamId: z.string(), teamName: z.string(), email: z.boolean(), push: z.boolean() })),
});

export const teamEndpoints = {
  createTeam: defineEndpoint({
    method: 'POST',
    path: '/api/teams',
    summary: 'Create a team or a community; the creator becomes its owner',
    tags: ['teams'],
    body: createTeamBody,
    reply: teamDetailReply,
    status: 201,
  }),
  getTeam: defineEndpoint({
    method: 'GET',
    path: '/api/teams/:teamId',
    summary: 'A team as the viewer may see it (404 when missing or private to the viewer)',
    tags: ['teams'],
    params: teamIdParams,
    reply: teamDetailReply,
  }),
  updateTeam: defineEndpoint({
    method: 'PATCH',
    path: '/api/teams/:teamId',
    summary: 'Change a team’s details (owner and organizers)',
    tags: ['teams'],
    params: teamIdParams,
    body: updateTeamBody,
    reply: teamDetailReply,
  }),
  deleteTeam: defineEndpoint({
    method: 'DELETE',
    path: '/api/teams/:teamId',
    summary: 'Delete a team and everything in it (owner only)',
    tags: ['teams'],
    params: teamIdParams,
    reply: okReply,
  }),
  listTeams: defineEndpoint({
    method: 'GET',
    path: '/api/teams',
    summary: 'Public teams, searched by name, nearest first when asked',
    tags: ['teams'],
    query: teamListQuery,
    reply: teamListReply,
  }),
  listMyTeams: defineEndpoint({
    method: 'GET',
    path: '/api/me/teams',
    summary: 'Teams and communities the signed-in user belongs to, with their role',
    tags: ['teams'],
    reply: myTeamsReply,
  }),
  joinTeam: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/join',
    summary: 'Join an open team, or ask to join one that takes requests',
    tags: ['teams'],
    params: teamIdParams,
    reply: joinTeamReply,
  }),
  leaveTeam: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/leave',
    summary: 'Leave a team (the owner hands over first)',
    tags: ['teams'],
    params: teamIdParams,
    reply: okReply,
  }),
  listJoinRequests: defineEndpoint({
    method: 'GET',
    path: '/api/teams/:teamId/join-requests',
    summary: 'Pending join requests (owner and organizers)',
    tags: ['teams'],
    params: teamIdParams,
    reply: joinRequestReply,
  }),
  approveJoinRequest: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/join-requests/:userId/approve',
    summary: 'Approve a join request',
    tags: ['teams'],
    params: teamMemberParams,
    reply: joinRequestReply,
  }),
  declineJoinRequest: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/join-requests/:userId/decline',
    summary: 'Decline a join request',
    tags: ['teams'],
    params: teamMemberParams,
    reply: joinRequestReply,
  }),
  changeMemberRole: defineEndpoint({
    method: 'PUT',
    path: '/api/teams/:teamId/members/:userId/role',
    summary: 'Make a member an organizer, player or substitute',
    tags: ['teams'],
    params: teamMemberParams,
    body: changeRoleBody,
    reply: teamDetailReply,
  }),
  removeMember: defineEndpoint({
    method: 'DELETE',
    path: '/api/teams/:teamId/members/:userId',
    summary: 'Remove a member (owner and organizers; never the owner)',
    tags: ['teams'],
    params: teamMemberParams,
    reply: teamDetailReply,
  }),
  transferOwnership: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/transfer-ownership',
    summary: 'Hand the team to another member (owner only); the old owner becomes an organizer',
    tags: ['teams'],
    params: teamIdParams,
    body: transferOwnershipBody,
    reply: teamDetailReply,
  }),
  followTeam: defineEndpoint({
    method: 'PUT',
    path: '/api/teams/:teamId/follow',
    summary: 'Follow a team without joining it',
    tags: ['teams'],
    params: teamIdParams,
    reply: teamDetailReply,
  }),
  unfollowTeam: defineEndpoint({
    method: 'DELETE',
    path: '/api/teams/:teamId/follow',
    summary: 'Stop following a team',
    tags: ['teams'],
    params: teamIdParams,
    reply: teamDetailReply,
  }),
  listFollowedTeams: defineEndpoint({
    method: 'GET',
    path: '/api/me/followed-teams',
    summary: 'External teams: followed, not joined',
    tags: ['teams'],
    reply: z.object({ teams: z.array(teamSummary) }),
  }),
  createInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/teams/:teamId/invitations',
    summary: 'Create an invitation link, mailed when an email is given (owner and organizers)',
    tags: ['teams'],
    params: teamIdParams,
    body: createInvitationBody,
    reply: invitationReply,
    status: 201,
  }),
  listInvitations: defineEndpoint({
    method: 'GET',
    path: '/api/teams/:teamId/invitations',
    summary: 'Invitations of a team (owner and organizers)',
    tags: ['teams'],
    params: teamIdParams,
    reply: z.object({ invitations: z.array(invitationReply) }),
  }),
  revokeInvitation: defineEndpoint({
    method: 'DELETE',
    path: '/api/teams/:teamId/invitations/:invitationId',
    summary: 'Revoke an invitation',
    tags: ['teams'],
    params: invitationIdParams,
    reply: invitationReply,
  }),
  previewInvitation: defineEndpoint({
    method: 'GET',
    path: '/api/invitations/:token',
    summary: 'What an invitation link is for (404 when expired or revoked)',
    tags: ['teams'],
    params: invitationParams,
    reply: invitationPreviewReply,
  }),
  acceptInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    summary: 'Join the team of an invitation link',
    tags: ['teams'],
    params: invitationParams,
    reply: teamDetailReply,
  }),
  sendMailRequest: defineEndpoint({
    method: 'POST',
    path: '/api/mail-requests',
    summary: 'Queue a mail to the signed-in user from a template (at most one a day per template)',
    tags: ['teams'],
    body: mailRequestBody,
    reply: mailRequestReply,
    status: 201,
  }),
  applyAsAmbassador: defineEndpoint({
    method: 'POST',
    path: '/api/ambassador-applications',
    summary: 'Apply to be a Huddle ambassador',
    tags: ['teams'],
    body: ambassadorApplicationBody,
    reply: okReply,
    status: 201,
  }),
  listTeamTopics: defineEndpoint({
    method: 'GET',
    path: '/api/me/team-notification-topics',
    summary: 'Notification switches for each team the user belongs to',
    tags: ['teams'],
    reply: teamTopicsReply,
  }),
  saveTeamTopic: defineEndpoint({
    method: 'PUT',
    path: '/api/me/team-notification-topics/:teamId',
    summary: 'Save one team’s notification switches (members only)',
    tags: ['teams'],
    params: teamIdParams,
    body: teamTopicSettings.strict(),
    reply: teamTopicsReply,
  }),
  getTeamsDashboard: defineEndpoint({
    method: 'GET',
    path: '/api/me/teams/dashboard',
    summary: 'teams-v3: the teams the user runs, with pending requests and open registrations',
    tags: ['teams'],
    reply: teamDashboardReply,
  }),
} as const;
