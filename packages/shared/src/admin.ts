import { z } from 'zod';
import { okReply } from './accounts.ts';
import { defineEndpoint } from './endpoint.ts';
import { platforms } from './platforms.ts';
import { featureFlagKeys } from './profiles.ts';
import { subscriptionPlan } from './subscriptions.ts';

/**
 * Issue 17, the admin area (spec §2: admin, lazy, its own guard). Every route here answers a
 * signed-out caller 401 and anyone who is not an admin 403; the web guard asks `access`.
 */
const tags = ['admin'] as const;

export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const adminMessages = {
  lastAdmin: 'Huddle needs at least one admin: make someone else an admin first.',
  disabledSignIn: 'This account has been disabled. Contact the Huddle team if you think this is a mistake.',
  notYourself: 'You cannot do that to your own account here.',
} as const;

export const adminUserParams = z.object({ userId: z.string().min(1).max(64) });
export const adminFlagParams = z.object({ key: z.enum(featureFlagKeys, 'Unknown flag.') });

export const adminUserSearchQuery = z.object({
  q: z.string().trim().max(100, 'At most 100 characters.').optional(),
});

export const adminUser = z
  .object({
    id: z.string(),
    displayName: z.string(),
    fullName: z.string().nullable(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.enum(userRoles),
    disabledAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersReply = z.object({ users: z.array(adminUser) }).meta({ id: 'AdminUsers' });

export const setRoleBody = z.object({ role: z.enum(userRoles, 'Choose user or admin.') });
export type SetRoleBody = z.infer<typeof setRoleBody>;

export const adminFlag = z.object({
  key: z.enum(featureFlagKeys),
  enabled: z.boolean(),
  /** The configured default (FLAG_*), which applies while no one has set the flag. */
  defaultEnabled: z.boolean(),
});
export type AdminFlag = z.infer<typeof adminFlag>;
export const adminFlagsReply = z.object({ flags: z.array(adminFlag) }).meta({ id: 'AdminFlags' });
export const setFlagBody = z.object({ enabled: z.boolean('Say whether the flag is on.') });

export const auditEntry = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    /** Null when the server acted: ADMIN_EMAILS at sign-up or start, or npm run admin:create. */
    actorEmail: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditLogReply = z.object({ entries: z.array(auditEntry) }).meta({ id: 'AdminAuditLog' });

/** How many audit rows the admin page shows, newest first. */
export const auditLogPageSize = 200;
/** How many accounts a search returns. */
export const adminUserSearchLimit = 50;

export const adminReportParams = z.object({ reportId: z.uuid('Unknown report.') });
export const adminPostParams = z.object({ postId: z.uuid('Unknown post.') });

export const adminPostReport = z
  .object({
    id: z.string(),
    reason: z.string(),
    details: z.string(),
    createdAt: z.string(),
    reporterName: z.string(),
    reporterEmail: z.string(),
    postId: z.string(),
    postTitle: z.string(),
    postText: z.string(),
    postCategory: z.string(),
    postSubcategory: z.string(),
    /** Its author deleted it already; removing it only closes the reports. */
    postDeleted: z.boolean(),
  })
  .meta({ id: 'AdminPostReport' });
export type AdminPostReport = z.infer<typeof adminPostReport>;
export const adminPostReportsReply = z.object({ reports: z.array(adminPostReport) }).meta({ id: 'AdminPostReports' });
/** How many open reports the queue shows, oldest first. */
export const reportQueueSize = 100;

/** Ambassador applications and feedback: read by admins newest first, each marked handled or not. */
export const inboxStates = ['unhandled', 'handled', 'all'] as const;
export type InboxState = (typeof inboxStates)[number];
export const inboxQuery = z.object({
  state: z.enum(inboxStates, 'Choose unhandled, handled or all.').default('unhandled'),
});
/** How many of each the admin page shows at once. */
export const inboxPageSize = 200;
export const setHandledBody = z.object({ handled: z.boolean('Say whether it is handled.') });

export const adminApplicationParams = z.object({ applicationId: z.uuid('Unknown application.') });
export const adminFeedbackParams = z.object({ feedbackId: z.uuid('Unknown feedback.') });

export const adminAmbassadorApplication = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    city: z.string(),
    sports: z.string().nullable(),
    motivation: z.string(),
    /** The account it was sent from; null when sent signed out or the account is gone. */
    userId: z.string().nullable(),
    createdAt: z.string(),
    handledAt: z.string().nullable(),
  })
  .meta({ id: 'AdminAmbassadorApplication' });
export type AdminAmbassadorApplication = z.infer<typeof adminAmbassadorApplication>;
export const adminAmbassadorApplicationsReply = z
  .object({ applications: z.array(adminAmbassadorApplication) })
  .meta({ id: 'AdminAmbassadorApplications' });

export const adminFeedback = z
  .object({
    id: z.string(),
    message: z.string(),
    rating: z.number().int().nullable(),
    /** Null when the account has been deleted since (the feedback stays). */
    userId: z.string().nullable(),
    userName: z.string().nullable(),
    userEmail: z.string().nullable(),
    createdAt: z.string(),
    handledAt: z.string().nullable(),
  })
  .meta({ id: 'AdminFeedback' });
export type AdminFeedback = z.infer<typeof adminFeedback>;
export const adminFeedbackReply = z.object({ feedback: z.array(adminFeedback) }).meta({ id: 'AdminFeedbackList' });

/** The plans of the running variant, read-only: the team plans and this variant's user plans. */
export const adminPlansReply = z
  .object({
    platform: z.enum(platforms),
    /** The remote `subscriptions` flag: off, nobody sees plans (spec §1). */
    subscriptionsOn: z.boolean(),
    teams: z.array(subscriptionPlan),
    user: z.array(subscriptionPlan),
  })
  .meta({ id: 'AdminPlans' });
export type AdminPlans = z.infer<typeof adminPlansReply>;

export const adminEndpoints = {
  access: defineEndpoint({
    method: 'GET',
    path: '/api/admin/access',
    summary: 'Whether the signed-in person is an admin (200) or not (403); the admin page guard asks it',
    tags,
    reply: okReply,
  }),
  listUsers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Accounts whose name or email contains the search, newest first',
    tags,
    query: adminUserSearchQuery,
    reply: adminUsersReply,
  }),
  getUser: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:userId',
    summary: 'One account, as the admin area shows it',
    tags,
    params: adminUserParams,
    reply: adminUser,
  }),
  setRole: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/users/:userId/role',
    summary: 'Grant or revoke the admin role (never the last admin)',
    tags,
    params: adminUserParams,
    body: setRoleBody,
    reply: adminUser,
  }),
  disableUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/disable',
    summary: 'Disable an account: it cannot sign in and its sessions end',
    tags,
    params: adminUserParams,
    reply: adminUser,
  }),
  enableUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/enable',
    summary: 'Enable a disabled account again',
    tags,
    params: adminUserParams,
    reply: adminUser,
  }),
  verifyUserEmail: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/verify-email',
    summary: "Mark an account's email verified by hand",
    tags,
    params: adminUserParams,
    reply: adminUser,
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:userId',
    summary: 'Delete an account by the account-deletion rules (its teams must be handed over or left first)',
    tags,
    params: adminUserParams,
    reply: okReply,
  }),
  listFlags: defineEndpoint({
    method: 'GET',
    path: '/api/admin/flags',
    summary: 'The remote feature flags, with their configured defaults',
    tags,
    reply: adminFlagsReply,
  }),
  setFlag: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/flags/:key',
    summary: 'Turn a remote feature flag on or off, without a restart',
    tags,
    params: adminFlagParams,
    body: setFlagBody,
    reply: adminFlagsReply,
  }),
  listPostReports: defineEndpoint({
    method: 'GET',
    path: '/api/admin/post-reports',
    summary: 'Open reports of posts, oldest first',
    tags,
    reply: adminPostReportsReply,
  }),
  dismissPostReport: defineEndpoint({
    method: 'POST',
    path: '/api/admin/post-reports/:reportId/dismiss',
    summary: 'Close a report and leave the post up',
    tags,
    params: adminReportParams,
    reply: okReply,
  }),
  removePost: defineEndpoint({
    method: 'POST',
    path: '/api/admin/posts/:postId/remove',
    summary: 'Take a post off the board and close its open reports',
    tags,
    params: adminPostParams,
    reply: okReply,
  }),
  listAmbassadorApplications: defineEndpoint({
    method: 'GET',
    path: '/api/admin/ambassador-applications',
    summary: 'Ambassador applications, newest first (unhandled unless asked)',
    tags,
    query: inboxQuery,
    reply: adminAmbassadorApplicationsReply,
  }),
  setAmbassadorApplicationHandled: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/ambassador-applications/:applicationId/handled',
    summary: 'Mark an ambassador application handled, or not handled again',
    tags,
    params: adminApplicationParams,
    body: setHandledBody,
    reply: adminAmbassadorApplication,
  }),
  listFeedback: defineEndpoint({
    method: 'GET',
    path: '/api/admin/feedback',
    summary: 'Feedback sent from home, newest first (unhandled unless asked)',
    tags,
    query: inboxQuery,
    reply: adminFeedbackReply,
  }),
  setFeedbackHandled: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/feedback/:feedbackId/handled',
    summary: 'Mark feedback handled, or not handled again',
    tags,
    params: adminFeedbackParams,
    body: setHandledBody,
    reply: adminFeedback,
  }),
  listPlans: defineEndpoint({
    method: 'GET',
    path: '/api/admin/plans',
    summary: 'The plans of the running platform variant (read-only)',
    tags,
    reply: adminPlansReply,
  }),
  auditLog: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit-log',
    summary: 'Every admin action, newest first',
    tags,
    reply: auditLogReply,
  }),
} as const;
