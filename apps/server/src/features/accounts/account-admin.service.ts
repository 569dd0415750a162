import type { AdminUser, UserRole } from '@huddle/shared/admin';
import { displayNameFallback } from '@huddle/shared/limits';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { markSessionOffline } from '../presence/presence.service.ts';
import {
  deleteSessionsOf,
  findUserById,
  lockAdminIds,
  promoteEmails,
  searchUsers,
  updateUser,
  type UserRow,
} from './accounts.repository.ts';

// What the admin feature asks of accounts (issue 17). The rules (last admin, audit) are the
// admin service's; these only read and write the user record, inside the caller's transaction.

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    displayName: row.name.trim() || displayNameFallback,
    fullName: row.fullName,
    email: row.email,
    emailVerified: row.emailVerified,
    role: row.role === 'admin' ? 'admin' : 'user',
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findAdminUser(db: Database, userId: string): Promise<AdminUser> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toAdminUser(row);
}

export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const row = await findUserById(db, userId);
  return row?.role === 'admin' && row.disabledAt === null;
}

export async function searchAdminUsers(db: Database, text: string | undefined, limit: number): Promise<AdminUser[]> {
  return (await searchUsers(db, text, limit)).map(toAdminUser);
}

/** Locks the admins' rows for the rest of the transaction and returns their ids. */
export async function lockAdmins(db: Database): Promise<string[]> {
  return lockAdminIds(db);
}

export async function changeUser(
  db: Database,
  userId: string,
  change: { role?: UserRole; disabledAt?: Date | null; emailVerified?: true },
): Promise<AdminUser> {
  const row = await updateUser(db, userId, change);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toAdminUser(row);
}

export async function promoteAccountsByEmail(db: Database, emails: string[]): Promise<AdminUser[]> {
  return (await promoteEmails(db, emails)).map(toAdminUser);
}

/**
 * Ends every session of the account: each one's next request is signed out. The caller closes
 * the open sockets (realtime.closeUser) once its transaction has committed.
 */
export async function endSessionsOf(db: Database, userId: string): Promise<void> {
  const ended = await deleteSessionsOf(db, userId);
  for (const sessionId of ended) await markSessionOffline(db, sessionId);
}
