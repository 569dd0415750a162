import { teamsBlockingDeletionMessage } from '@huddle/shared/accounts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from '../../lib/auth.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { deletePersonalForms } from '../forms/forms.service.ts';
import { teamsToDeleteOrLeave } from '../teams/teams.service.ts';
import { deletePersonalWebsites } from '../websites/websites.service.ts';
import { deleteUserAndMail, findUserById } from './accounts.repository.ts';
import { signOut, type SessionChange } from './accounts.service.ts';

// Apart from accounts.service.ts because it asks the teams feature, which itself reads users.

/**
 * Spec §4: deletion removes the account and everything personal in one transaction.
 * Teams block it (spec §4: "teams to delete or leave"): owned ones are handed over or
 * deleted, joined ones left, so no team is left without its owner or with a ghost member.
 */
export async function deleteAccount(
  { db, auth, realtime }: { db: Database; auth: Auth; realtime: RealtimeHub },
  { actorId, headers }: { actorId: string; headers: Headers },
): Promise<SessionChange> {
  const user = await deletableUser(db, actorId);
  // Sign out first: it yields the cookie-clearing headers while the session still exists.
  const signedOut = await signOut({ db, auth, realtime }, headers);
  await removeAccount(db, user);
  // Every device: the account is gone.
  realtime.closeUser(actorId, 'account deleted');
  return signedOut;
}

async function deletableUser(db: Database, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const blocking = teamsBlockingDeletionMessage(await teamsToDeleteOrLeave(db, userId));
  if (blocking) throw new AppError('CONFLICT', blocking);
  return user;
}

async function removeAccount(db: Database, user: { id: string; email: string }): Promise<void> {
  // Personal forms (with their submissions and files) and personal sites have no one else to
  // answer for them: they go with the account. Team ones stay with the team.
  await deleteUserAndMail(db, user.id, user.email, async (tx) => {
    await deletePersonalForms(tx, user.id);
    await deletePersonalWebsites(tx, user.id);
  });
}

/**
 * Issue 17: an admin deletes someone's account by the same rules (teams block it until handed
 * over or left). `db` may be the admin's transaction, so the audit row commits with the deletion;
 * the caller closes the person's sockets after the commit.
 */
export async function deleteAccountByAdmin(db: Database, userId: string): Promise<void> {
  await removeAccount(db, await deletableUser(db, userId));
}
