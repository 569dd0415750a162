import type { Database } from '../../db/client.ts';
import { findTeamRole, type FormRow } from './forms.repository.ts';

/**
 * Who may do what with a form. Its maker edits it and reads its submissions. A team's form is
 * also edited by the team's owner and organizers (they run the team together), who read its
 * submissions unless the maker kept them to themself (`submissionsVisibleTo: 'owner'`).
 * (Its own module: the forms and form payments services both ask it.)
 */
export async function accessTo(db: Database, form: FormRow, viewerId: string | undefined) {
  if (!viewerId) return { canEdit: false, canRead: false, isMaker: false };
  const isMaker = form.ownerUserId === viewerId;
  const role = form.teamId ? await findTeamRole(db, form.teamId, viewerId) : undefined;
  const organizes = role === 'owner' || role === 'organizer';
  return {
    isMaker,
    canEdit: isMaker || organizes,
    canRead: isMaker || (organizes && form.settings.submissionsVisibleTo === 'organizers'),
  };
}
