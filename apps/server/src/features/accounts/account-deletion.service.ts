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
  const user = await findUserById(db, actorId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const blocking = teamsBlockingDeletionMessage(await teamsToDeleteOrLeave(db, actorId));
  if (blocking) throw new AppError('CONFLICT', blocking);
  // Sign out first: it yields the cookie-clearing headers while the session still exists.
  const signedOut = await signOut({ db, auth, realtime }, headers);
  // Personal forms (with their submissions and files) and personal sites have no one else to
  // answer for them: they go with the account. Team ones stay with the team.
  await deleteUserAndMail(db, actorId, user.email, async (tx) => {
    await deletePersonalForms(tx, actorId);
    await deletePersonalWebsites(tx, actorId);
  });
  // Every device: the account is gone.
  realtime.closeUser(actorId, 'account deleted');
  return signedOut;
}
