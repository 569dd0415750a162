import {
  adminMessages,
  adminUserSearchLimit,
  auditLogPageSize,
  reportQueueSize,
  type AdminPostReport,
  type AdminFlag,
  type AdminUser,
  type AuditEntry,
  type UserRole,
} from '@huddle/shared/admin';
import { featureFlagKeys, type FeatureFlagKey } from '@huddle/shared/profiles';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import {
  changeUser,
  endSessionsOf,
  findAdminUser,
  isAdmin,
  lockAdmins,
  promoteAccountsByEmail,
  searchAdminUsers,
} from '../accounts/account-admin.service.ts';
import { findUserRecordByEmail } from '../accounts/accounts.service.ts';
import { deleteAccountByAdmin } from '../accounts/account-deletion.service.ts';
import { getFlags, setFlag, type FlagDefaults } from '../feature-flags/feature-flags.service.ts';
import { dismissReport, listReportQueue, removeReportedPost } from '../posts/posts.service.ts';
import { insertAuditRow, listAuditRows } from './admin.repository.ts';

export interface Actor {
  id: string;
  email: string;
}

/** The server side of the admin guard (spec §2: its own guard): every admin route asks this first. */
export async function requireAdmin(db: Database, userId: string): Promise<Actor> {
  if (!(await isAdmin(db, userId))) throw new AppError('FORBIDDEN');
  const user = await findAdminUser(db, userId);
  return { id: user.id, email: user.email };
}

/** The audit row of an admin action: call it inside the action's own transaction (decision 047). */
export async function audit(
  tx: Database,
  actor: Actor | null,
  entry: { action: string; targetType: string; targetId: string; before: unknown; after: unknown },
): Promise<void> {
  await insertAuditRow(tx, { actorId: actor?.id ?? null, actorEmail: actor?.email ?? null, ...entry });
}

/**
 * ADMIN_EMAILS: at start and at each sign-up, the listed accounts become admins. Logged with no
 * actor: the configuration did it. Idempotent: an account already an admin is left alone.
 */
export async function promoteConfiguredAdmins(
  db: Database,
  emails: string[],
  by: 'ADMIN_EMAILS' | 'admin:create' = 'ADMIN_EMAILS',
): Promise<AdminUser[]> {
  if (emails.length === 0) return [];
  return db.transaction(async (tx) => {
    const promoted = await promoteAccountsByEmail(tx, emails);
    for (const user of promoted) {
      await audit(tx, null, {
        action: 'user.role',
        targetType: 'user',
        targetId: user.id,
        before: { role: 'user' },
        after: { role: 'admin', by },
      });
    }
    return promoted;
  });
}

/** `npm run admin:create -- <email>`: makes an existing account an admin, with an audit row. */
export async function promoteByEmail(db: Database, email: string): Promise<AdminUser> {
  const normalized = email.trim().toLowerCase();
  const account = await findUserRecordByEmail(db, normalized);
  if (!account) throw new AppError('NOT_FOUND', 'No account has this email. Sign up first, then run this again.');
  await promoteConfiguredAdmins(db, [normalized], 'admin:create');
  return findAdminUser(db, account.id);
}

export async function searchUsers(db: Database, query: string | undefined): Promise<AdminUser[]> {
  return searchAdminUsers(db, query || undefined, adminUserSearchLimit);
}

export const getUser = (db: Database, userId: string) => findAdminUser(db, userId);

/** Grant or revoke. The admins' rows are locked first, so two revocations at once cannot leave none. */
export async function setRole(
  db: Database,
  { actor, userId, role }: { actor: Actor; userId: string; role: UserRole },
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const before = await findAdminUser(tx, userId);
    if (before.role === role) return before;
    if (role === 'user' && admins.length <= 1 && admins.includes(userId)) {
      throw new AppError('CONFLICT', adminMessages.lastAdmin);
    }
    const after = await changeUser(tx, userId, { role });
    await audit(tx, actor, {
      action: 'user.role',
      targetType: 'user',
      targetId: userId,
      before: { role: before.role },
      after: { role },
    });
    return after;
  });
}

/** A disabled account cannot sign in (accounts' signIn, and Better Auth's session hook) and its sessions end now. */
export async function disableUser(
  { db, realtime }: { db: Database; realtime: RealtimeHub },
  { actor, userId }: { actor: Actor; userId: string },
): Promise<AdminUser> {
  if (userId === actor.id) throw new AppError('CONFLICT', adminMessages.notYourself);
  const after = await db.transaction(async (tx) => {
    // Disabling an admin takes an admin away too: the same lock and rule as revoking.
    const admins = await lockAdmins(tx);
    const before = await findAdminUser(tx, userId);
    if (before.disabledAt) return before;
    if (admins.length <= 1 && admins.includes(userId)) throw new AppError('CONFLICT', adminMessages.lastAdmin);
    const disabled = await changeUser(tx, userId, { disabledAt: new Date() });
    await endSessionsOf(tx, userId);
    await audit(tx, actor, {
      action: 'user.disable',
      targetType: 'user',
      targetId: userId,
      before: { disabledAt: null },
      after: { disabledAt: disabled.disabledAt },
    });
    return disabled;
  });
  realtime.closeUser(userId, 'account disabled');
  return after;
}

export async function enableUser(
  db: Database,
  { actor, userId }: { actor: Actor; userId: string },
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const before = await findAdminUser(tx, userId);
    if (!before.disabledAt) return before;
    const after = await changeUser(tx, userId, { disabledAt: null });
    await audit(tx, actor, {
      action: 'user.enable',
      targetType: 'user',
      targetId: userId,
      before: { disabledAt: before.disabledAt },
      after: { disabledAt: null },
    });
    return after;
  });
}

export async function verifyUserEmail(
  db: Database,
  { actor, userId }: { actor: Actor; userId: string },
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const before = await findAdminUser(tx, userId);
    if (before.emailVerified) return before;
    const after = await changeUser(tx, userId, { emailVerified: true });
    await audit(tx, actor, {
      action: 'user.verify-email',
      targetType: 'user',
      targetId: userId,
      before: { emailVerified: false },
      after: { emailVerified: true },
    });
    return after;
  });
}

export async function deleteUser(
  { db, realtime }: { db: Database; realtime: RealtimeHub },
  { actor, userId }: { actor: Actor; userId: string },
): Promise<void> {
  if (userId === actor.id) throw new AppError('CONFLICT', adminMessages.notYourself);
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const before = await findAdminUser(tx, userId);
    if (admins.length <= 1 && admins.includes(userId)) throw new AppError('CONFLICT', adminMessages.lastAdmin);
    await deleteAccountByAdmin(tx, userId);
    await audit(tx, actor, { action: 'user.delete', targetType: 'user', targetId: userId, before, after: null });
  });
  realtime.closeUser(userId, 'account deleted');
}

export async function listFlags(db: Database, defaults: FlagDefaults): Promise<AdminFlag[]> {
  const flags = await getFlags(db, defaults);
  return featureFlagKeys.map((key) => ({ key, enabled: flags[key], defaultEnabled: defaults[key] }));
}

export async function changeFlag(
  db: Database,
  { actor, key, enabled, defaults }: { actor: Actor; key: FeatureFlagKey; enabled: boolean; defaults: FlagDefaults },
): Promise<AdminFlag[]> {
  await db.transaction(async (tx) => {
    const before = (await getFlags(tx, defaults))[key];
    await setFlag(tx, key, enabled);
    await audit(tx, actor, {
      action: 'flag.set',
      targetType: 'flag',
      targetId: key,
      before: { enabled: before },
      after: { enabled },
    });
  });
  return listFlags(db, defaults);
}

export const listPostReports = (db: Database): Promise<AdminPostReport[]> => listReportQueue(db, reportQueueSize);

export async function dismissPostReport(
  db: Database,
  { actor, reportId, now }: { actor: Actor; reportId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await dismissReport(tx, { reportId, now });
    await audit(tx, actor, {
      action: 'post-report.dismiss',
      targetType: 'post-report',
      targetId: reportId,
      before: { handled: false },
      after: { handled: true, outcome: 'dismissed' },
    });
  });
}

export async function removePost(
  db: Database,
  { actor, postId, now }: { actor: Actor; postId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { removed, closedReports } = await removeReportedPost(tx, { postId, now });
    await audit(tx, actor, {
      action: 'post.remove',
      targetType: 'post',
      targetId: postId,
      before: { onBoard: removed },
      after: { onBoard: false, closedReports },
    });
  });
}

export async function listAuditLog(db: Database): Promise<AuditEntry[]> {
  return (await listAuditRows(db, auditLogPageSize)).map((row) => ({
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
}
