import { adminEndpoints } from '@huddle/shared/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { registerAdminSectionRoutes } from './admin-sections.routes.ts';
import {
  changeFlag,
  deleteUser,
  dismissPostReport,
  disableUser,
  enableUser,
  getUser,
  listAuditLog,
  listFlags,
  listPostReports,
  removePost,
  requireAdmin,
  searchUsers,
  setRole,
  verifyUserEmail,
  type Actor,
} from './admin.service.ts';

export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, auth, config, clock } = deps;
  // Every admin route starts here: signed out is 401, signed in but not an admin is 403.
  const adminOf = async (request: FastifyRequest): Promise<Actor> =>
    requireAdmin(db, await requireSessionUserId(auth, request));

  registerEndpoint(app, adminEndpoints.access, async ({ request }) => {
    await adminOf(request);
    return { ok: true as const };
  });

  registerEndpoint(app, adminEndpoints.listUsers, async ({ request, query }) => {
    await adminOf(request);
    return { users: await searchUsers(db, query.q) };
  });

  registerEndpoint(app, adminEndpoints.getUser, async ({ request, params }) => {
    await adminOf(request);
    return getUser(db, params.userId);
  });

  registerEndpoint(app, adminEndpoints.setRole, async ({ request, params, body }) =>
    setRole(db, { actor: await adminOf(request), userId: params.userId, role: body.role }),
  );

  registerEndpoint(app, adminEndpoints.disableUser, async ({ request, params }) =>
    disableUser(deps, { actor: await adminOf(request), userId: params.userId }),
  );

  registerEndpoint(app, adminEndpoints.enableUser, async ({ request, params }) =>
    enableUser(db, { actor: await adminOf(request), userId: params.userId }),
  );

  registerEndpoint(app, adminEndpoints.verifyUserEmail, async ({ request, params }) =>
    verifyUserEmail(db, { actor: await adminOf(request), userId: params.userId }),
  );

  registerEndpoint(app, adminEndpoints.deleteUser, async ({ request, params }) => {
    await deleteUser(deps, { actor: await adminOf(request), userId: params.userId });
    return { ok: true as const };
  });

  registerEndpoint(app, adminEndpoints.listFlags, async ({ request }) => {
    await adminOf(request);
    return { flags: await listFlags(db, config.flagDefaults) };
  });

  registerEndpoint(app, adminEndpoints.setFlag, async ({ request, params, body }) => ({
    flags: await changeFlag(db, {
      actor: await adminOf(request),
      key: params.key,
      enabled: body.enabled,
      defaults: config.flagDefaults,
    }),
  }));

  registerEndpoint(app, adminEndpoints.listPostReports, async ({ request }) => {
    await adminOf(request);
    return { reports: await listPostReports(db) };
  });

  registerEndpoint(app, adminEndpoints.dismissPostReport, async ({ request, params }) => {
    await dismissPostReport(db, { actor: await adminOf(request), reportId: params.reportId, now: clock.now() });
    return { ok: true as const };
  });

  registerEndpoint(app, adminEndpoints.removePost, async ({ request, params }) => {
    await removePost(db, { actor: await adminOf(request), postId: params.postId, now: clock.now() });
    return { ok: true as const };
  });

  registerEndpoint(app, adminEndpoints.auditLog, async ({ request }) => {
    await adminOf(request);
    return { entries: await listAuditLog(db) };
  });

  registerAdminSectionRoutes(app, deps, adminOf);
}
