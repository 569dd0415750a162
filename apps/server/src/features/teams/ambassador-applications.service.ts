import type { AdminAmbassadorApplication } from '@huddle/shared/admin';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  changeApplicationHandled,
  findApplicationRow,
  listApplicationRows,
  type AmbassadorApplicationRow,
  type InboxFilter,
} from './ambassador-applications.repository.ts';

// start/ambassador applications as admins read them (issue 17); the admin area checks the role.

const applicationOf = (row: AmbassadorApplicationRow): AdminAmbassadorApplication => ({
  id: row.id,
  fullName: row.fullName,
  email: row.email,
  city: row.city,
  sports: row.sports,
  motivation: row.motivation,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
});

/** Newest first. */
export async function listAmbassadorApplications(
  db: Database,
  query: { state: InboxFilter; limit: number },
): Promise<AdminAmbassadorApplication[]> {
  return (await listApplicationRows(db, query)).map(applicationOf);
}

/** Marks it handled (or not); `changed` is false when it already was so. */
export async function setAmbassadorApplicationHandled(
  db: Database,
  { applicationId, handled, now }: { applicationId: string; handled: boolean; now: Date },
): Promise<{ application: AdminAmbassadorApplication; changed: boolean }> {
  const changed = await changeApplicationHandled(db, { id: applicationId, handledAt: handled ? now : null });
  if (changed) return { application: applicationOf(changed), changed: true };
  const row = await findApplicationRow(db, applicationId);
  if (!row) throw new AppError('NOT_FOUND', 'Application not found');
  return { application: applicationOf(row), changed: false };
}
