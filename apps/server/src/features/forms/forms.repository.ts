import type { SubmissionStatus, submissionSorts } from '@huddle/shared/forms';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { registrations, seasons } from '../seasons/seasons.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { formSubmissions, forms } from './forms.schema.ts';

export type FormRow = typeof forms.$inferSelect;
export type SubmissionRow = typeof formSubmissions.$inferSelect;

export async function findForm(db: Database, formId: string): Promise<FormRow | undefined> {
  const [row] = await db.select().from(forms).where(eq(forms.id, formId));
  return row;
}

/**
 * A new form's row; undefined when its id is taken (a create sent again waits here for the
 * first one's transaction, then finds its row).
 */
export async function insertForm(
  db: Database,
  values: Pick<
    typeof forms.$inferInsert,
    'id' | 'ownerUserId' | 'teamId' | 'title' | 'description' | 'coverImageUrl' | 'fields' | 'settings'
  >,
): Promise<FormRow | undefined> {
  const [row] = await db.insert(forms).values(values).onConflictDoNothing({ target: forms.id }).returning();
  return row;
}

export async function findForms(db: Database, formIds: string[]): Promise<FormRow[]> {
  if (formIds.length === 0) return [];
  return db.select().from(forms).where(inArray(forms.id, formIds));
}

/** The form's row, locked until the transaction ends: submissions to one form queue here. */
export async function lockForm(tx: Database, formId: string): Promise<FormRow | undefined> {
  const [row] = await tx.select().from(forms).where(eq(forms.id, formId)).for('update');
  return row;
}

export async function findTeamName(db: Database, teamId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name;
}

export async function findTeamRole(db: Database, teamId: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role;
}

/** Teams where the person is owner or organizer: their forms are the person's to edit. */
export async function organizedTeamIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.role, ['owner', 'organizer'])));
  return rows.map((row) => row.teamId);
}

export async function listFormsFor(db: Database, userId: string, teamIds: string[]) {
  const mine = eq(forms.ownerUserId, userId);
  return db
    .select({ form: forms, teamName: teams.name })
    .from(forms)
    .leftJoin(teams, eq(teams.id, forms.teamId))
    .where(teamIds.length > 0 ? or(mine, inArray(forms.teamId, teamIds)) : mine)
    .orderBy(desc(forms.updatedAt));
}

/** Submissions per form (waitlisted included), for lists. */
export async function submissionCounts(db: Database, formIds: string[]): Promise<Map<string, number>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .select({ formId: formSubmissions.formId, total: count() })
    .from(formSubmissions)
    .where(inArray(formSubmissions.formId, formIds))
    .groupBy(formSubmissions.formId);
  return new Map(rows.map((row) => [row.formId, row.total]));
}

/**
 * The places taken, as the limit counts them: submissions sent, and those held while their payer
 * is in Checkout (`paying`, decision 036).
 */
export async function placesTaken(db: Database, formId: string): Promise<{ sent: number; paying: number }> {
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${formSubmissions.status} = 'submitted')`.mapWith(Number),
      paying: sql<number>`count(*) filter (where ${formSubmissions.status} = 'awaiting_payment')`.mapWith(Number),
    })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), inArray(formSubmissions.status, ['submitted', 'awaiting_payment'])));
  return { sent: row?.sent ?? 0, paying: row?.paying ?? 0 };
}

/** Submissions that took a place: sent, or held while their payment is open (decision 036). */
export async function takenPlaces(db: Database, formId: string): Promise<number> {
  const { sent, paying } = await placesTaken(db, formId);
  return sent + paying;
}

export async function findSubmissionByClientId(db: Database, formId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.clientId, clientId)));
  return row;
}

export async function hasSubmissionFrom(
  db: Database,
  formId: string,
  who: { userId: string } | { email: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.formId, formId),
        'userId' in who ? eq(formSubmissions.userId, who.userId) : eq(formSubmissions.email, who.email),
        // A submission whose payment was never made gave its place back: the person may fill again.
        ne(formSubmissions.status, 'cancelled'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findSubmission(db: Database, formId: string, submissionId: string) {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.id, submissionId)));
  return row;
}

export interface SubmissionFilter {
  search: string;
  fieldId?: string;
  equals?: string;
  status?: SubmissionStatus;
  marked?: 'true' | 'false';
  sort: (typeof submissionSorts)[number];
}

/** LIKE treats % and _ as wildcards: a search for "50%" looks for the text "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function filterWhere(formId: string, filter: SubmissionFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(formSubmissions.formId, formId)];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      sql`(${formSubmissions.name} ilike ${pattern} or ${formSubmissions.email} ilike ${pattern} or ${formSubmissions.answers}::text ilike ${pattern})`,
    );
  }
  if (filter.fieldId && filter.equals !== undefined) {
    // An option picked (alone, or among several) or the answer's text.
    conditions.push(
      sql`((${formSubmissions.answers} -> ${filter.fieldId}) @> to_jsonb(${filter.equals}::text) or ${formSubmissions.answers} ->> ${filter.fieldId} = ${filter.equals})`,
    );
  }
  if (filter.status) conditions.push(eq(formSubmissions.status, filter.status));
  if (filter.marked) conditions.push(eq(formSubmissions.marked, filter.marked === 'true'));
  return and(...conditions);
}

const orderFor = (sort: SubmissionFilter['sort']) =>
  sort === 'oldest'
    ? [asc(formSubmissions.createdAt), asc(formSubmissions.id)]
    : sort === 'name'
      ? [asc(sql`lower(${formSubmissions.name})`), asc(formSubmissions.createdAt)]
      : [desc(formSubmissions.createdAt), desc(formSubmissions.id)];

export async function listSubmissionRows(
  db: Database,
  formId: string,
  filter: SubmissionFilter,
  page: { offset: number; limit: number } | null,
): Promise<{ rows: SubmissionRow[]; total: number }> {
  const where = filterWhere(formId, filter);
  const query = db
    .select()
    .from(formSubmissions)
    .where(where)
    .orderBy(...orderFor(filter.sort));
  const rows = page ? await query.offset(page.offset).limit(page.limit) : await query;
  const [totalRow] = await db.select({ total: count() }).from(formSubmissions).where(where);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function latestSubmissionBy(db: Database, formId: string, userId: string) {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.userId, userId)))
    .orderBy(desc(formSubmissions.createdAt))
    .limit(1);
  return row;
}

/** The team a season belongs to and its fee: what linking a form to it depends on. */
export async function findSeasonTerms(db: Database, seasonId: string) {
  const [row] = await db
    .select({ teamId: seasons.teamId, feeCents: seasons.feeCents })
    .from(seasons)
    .where(eq(seasons.id, seasonId));
  return row;
}

export async function findSeasonLabel(db: Database, seasonId: string): Promise<string | undefined> {
  const [row] = await db.select({ label: seasons.label }).from(seasons).where(eq(seasons.id, seasonId));
  return row?.label;
}

export async function isRegistered(db: Database, seasonId: string, who: { userId: string; email: string }) {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.seasonId, seasonId),
        or(eq(registrations.userId, who.userId), eq(registrations.email, who.email)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The submission's row, locked: two payments for one submission are not opened at once. */
export async function lockSubmission(tx: Database, formId: string, submissionId: string) {
  const [row] = await tx
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.id, submissionId)))
    .for('update');
  return row;
}

/** A held submission's payment went through: it counts as sent. Undefined when it was not held. */
export async function markSubmissionPaid(tx: Database, submissionId: string) {
  const [row] = await tx
    .update(formSubmissions)
    .set({ status: 'submitted' })
    .where(and(eq(formSubmissions.id, submissionId), eq(formSubmissions.status, 'awaiting_payment')))
    .returning();
  return row;
}

/** A held submission's Checkout ended unpaid: its place goes back. The row when it was held. */
export async function releaseSubmission(tx: Database, submissionId: string) {
  const [row] = await tx
    .update(formSubmissions)
    .set({ status: 'cancelled' })
    .where(and(eq(formSubmissions.id, submissionId), eq(formSubmissions.status, 'awaiting_payment')))
    .returning();
  return row;
}

/** Whether anyone waits on the form's waitlist: a freed place is theirs before a newcomer's (decision 040). */
export async function hasWaitlisted(db: Database, formId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.status, 'waitlisted')))
    .limit(1);
  return row !== undefined;
}

/**
 * Published forms whose waitlist waits although a place is free (decision 044): the offer was held
 * back (the organizer could not take payments, the first in line's season was full).
 */
export async function formsWithWaitingOffers(db: Database): Promise<FormRow[]> {
  const taken = sql`(select count(*) from ${formSubmissions} taken
    where taken.form_id = ${forms.id} and taken.status in ('submitted', 'awaiting_payment'))`;
  return db
    .select()
    .from(forms)
    .where(
      and(
        eq(forms.status, 'published'),
        sql`exists (select 1 from ${formSubmissions} waiting
          where waiting.form_id = ${forms.id} and waiting.status = 'waitlisted')`,
        sql`(${forms.settings}->>'submissionLimit' is null or (${forms.settings}->>'submissionLimit')::int > ${taken})`,
      ),
    );
}

/** The oldest waitlisted submissions of a form, first come first offered (decision 040). */
export async function firstWaitlisted(tx: Database, formId: string, limit: number) {
  return tx
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.status, 'waitlisted')))
    .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id))
    .limit(limit);
}

/** Moves a submission from one status to another; undefined when it was no longer in `from`. */
export async function moveSubmission(
  tx: Database,
  submissionId: string,
  from: SubmissionStatus,
  to: SubmissionStatus,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .update(formSubmissions)
    .set({ status: to })
    .where(and(eq(formSubmissions.id, submissionId), eq(formSubmissions.status, from)))
    .returning();
  return row;
}

/** One submission goes; its uploads by cascade (their bytes queued by the trigger, migration 0037). */
export async function deleteSubmissionRow(tx: Database, submissionId: string) {
  await tx.delete(formSubmissions).where(eq(formSubmissions.id, submissionId));
}

/** The submission made this season registration (decision 044: it ends with the submission). */
export async function linkSubmissionRegistration(tx: Database, submissionId: string, registrationId: string) {
  await tx
    .update(formSubmissions)
    .set({ seasonRegistrationId: registrationId })
    .where(eq(formSubmissions.id, submissionId));
}

export async function findSubmissionById(db: Database, submissionId: string) {
  const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId));
  return row;
}

/** A team's owner: who is paid for a team's form (decision 036), as for its seasons. */
export async function findTeamOwnerId(db: Database, teamId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')))
    .limit(1);
  return row?.userId;
}
