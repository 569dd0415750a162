import type { FormAvailability } from '@huddle/shared/forms';
import type { Database } from '../../db/client.ts';
import { findTeamRole, type FormRow } from './forms.repository.ts';

/**
 * Who may do what with a form. Its maker edits it and reads its submissions. A team's form is
 * also edited by the team's owner and organizers (they run the team together), who read its
 * submissions unless the maker kept them to themself (`submissionsVisibleTo: 'owner'`).
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

/** Whether a filler can send now, and if a full form takes them on its waitlist. */
export function availabilityOf(
  form: FormRow,
  taken: number,
  now: Date,
): { availability: FormAvailability; waitlistOnly: boolean } {
  const { opensAt, closesAt, submissionLimit, whenFull } = form.settings;
  if (form.status === 'closed' || (closesAt && now >= new Date(closesAt)))
    return { availability: 'closed', waitlistOnly: false };
  if (opensAt && now < new Date(opensAt)) return { availability: 'not_open_yet', waitlistOnly: false };
  if (submissionLimit !== null && taken >= submissionLimit) {
    return whenFull === 'waitlist'
      ? { availability: 'open', waitlistOnly: true }
      : { availability: 'full', waitlistOnly: false };
  }
  return { availability: 'open', waitlistOnly: false };
}
