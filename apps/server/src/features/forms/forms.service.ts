import {
  availableFieldTypes,
  checkAnswers,
  formMessages,
  formSettings,
  notATeamFormMessage,
  paymentLines,
  splitDeposit,
  submissionPaymentStateLabels,
  unavailableFieldTypeMessage,
  type CheckedAnswer,
  type FormAvailability,
  type FormDraft,
  type FormField,
  type PublicForm,
  type TeamFormAdd,
  type Submission,
  type SubmittedFile,
  type SubmissionStatus,
  untitledFormTitle,
  type BlankForm,
  type createFormBody,
  type saveFormBody,
  type submitFormBody,
} from '@huddle/shared/forms';
import { seasonFullMessage } from '@huddle/shared/seasons';
import { formUploadDownloadPath } from '@huddle/shared/uploads';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeSpreadsheetCsv } from '../../lib/spreadsheet-csv.ts';
import { createGuest, findUserRecordByEmail, getCurrentUser } from '../accounts/accounts.service.ts';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import { refundPayment } from '../paid-games/paid-game-refunds.service.ts';
import { findLedgerPayment } from '../paid-games/paid-games.service.ts';
import { registerWithinCapacity } from '../seasons/seasons.service.ts';
import { addPlayerToTeam, requireRole } from '../teams/teams.service.ts';
import {
  checkSubmittedFiles,
  claimSubmittedFiles,
  deleteFormWithFiles,
  filesOfSubmissions,
  type FormUploadDeps,
} from './form-uploads.service.ts';
import { refuseLimitBelowTaken } from './form-places.service.ts';
import { endSubmission } from './form-withdrawals.service.ts';
import { accessTo, availabilityOf } from './forms.access.ts';
import {
  formCanTakePayments,
  formPayee,
  type FormOwner,
  holdPayment,
  holdSeasonPlace,
  newAccessKey,
  openFormCheckout,
  placesFreed,
  refuseUnpayableItems,
  refuseUnpayableSeason,
  seasonFeeOf,
  submissionPayments,
  type FormPaymentDeps,
} from './form-payments.service.ts';
import { formReceivedMail } from './forms.mails.ts';
import {
  findForm,
  findForms,
  findSubmission,
  findSubmissionByClientId,
  findTeamName,
  findTeamRole,
  findSeasonLabel,
  insertForm,
  findSeasonTerms,
  isRegistered,
  latestSubmissionBy,
  hasSubmissionFrom,
  hasWaitlisted,
  listFormsFor,
  listSubmissionRows,
  lockForm,
  moveSubmission,
  organizedTeamIds,
  submissionCounts,
  takenPlaces,
  type FormRow,
  type SubmissionFilter,
  type SubmissionRow,
} from './forms.repository.ts';
import { formSubmissions, forms } from './forms.schema.ts';

/** Submissions notify the form's maker (issue 14), so forms need what notify() needs. */
export type FormDeps = NotifyDeps & FormPaymentDeps;

const notFound = () => new AppError('NOT_FOUND', formMessages.notFound);

/** A form someone may edit: 404 for anyone who may not even see it exists, 403 for team members who may not edit. */
async function editableForm(db: Database, formId: string, actorId: string) {
  const form = await findForm(db, formId);
  if (!form) throw notFound();
  const access = await accessTo(db, form, actorId);
  if (!access.canEdit)
    throw form.status === 'draft' ? notFound() : new AppError('FORBIDDEN', 'Only the form’s organizers can do that.');
  return { form, access };
}

async function readableForm(db: Database, formId: string, actorId: string) {
  const form = await findForm(db, formId);
  if (!form) throw notFound();
  const access = await accessTo(db, form, actorId);
  if (!access.canRead) {
    throw form.status === 'draft' && !access.canEdit
      ? notFound()
      : new AppError('FORBIDDEN', 'Only the form’s organizers can read its submissions.');
  }
  return { form, access };
}

const team = async (db: Database, form: FormRow) =>
  form.teamId ? { id: form.teamId, name: (await findTeamName(db, form.teamId)) ?? '' } : null;

async function toDraft(db: Database, form: FormRow): Promise<FormDraft> {
  return {
    id: form.id,
    version: form.version,
    status: form.status,
    title: form.title,
    description: form.description,
    coverImageUrl: form.coverImageUrl,
    team: await team(db, form),
    fields: form.fields,
    settings: form.settings,
    submissionCount: (await submissionCounts(db, [form.id])).get(form.id) ?? 0,
    updatedAt: form.updatedAt.toISOString(),
    canTakePayments: await formCanTakePayments(db, form),
  };
}

/**
 * Which of these forms a website's Form block may name (decision 061): on a team's site the
 * team's own forms, on a personal site the forms its editor edits. Each existing form's id to
 * whether it may; an id that names no form is left out.
 */
export async function formsShowableOnSite(
  db: Database,
  { actorId, siteTeamId, formIds }: { actorId: string; siteTeamId: string | null; formIds: string[] },
): Promise<Map<string, boolean>> {
  const showable = new Map<string, boolean>();
  for (const form of await findForms(db, formIds)) {
    showable.set(form.id, siteTeamId ? form.teamId === siteTeamId : (await accessTo(db, form, actorId)).canEdit);
  }
  return showable;
}

export async function listMyForms(db: Database, { actorId }: { actorId: string }) {
  const teamIds = await organizedTeamIds(db, actorId);
  const rows = await listFormsFor(db, actorId, teamIds);
  const counts = await submissionCounts(
    db,
    rows.map((row) => row.form.id),
  );
  return {
    forms: rows.map(({ form, teamName }) => ({
      id: form.id,
      title: form.title,
      status: form.status,
      team: form.teamId ? { id: form.teamId, name: teamName ?? '' } : null,
      submissionCount: counts.get(form.id) ?? 0,
      canEdit: true,
      updatedAt: form.updatedAt.toISOString(),
    })),
  };
}

/**
 * What form/build starts from (decision 063): an untitled draft, not stored, so opening the
 * builder makes no form. A team's is refused, as its create would be, to all but its organizers.
 */
export async function getBlankForm(
  db: Database,
  { actorId, teamId }: { actorId: string; teamId: string | null },
): Promise<BlankForm> {
  if (teamId) await requireRole(db, teamId, actorId, ['owner', 'organizer']);
  const owner = { ownerUserId: actorId, teamId };
  return {
    status: 'draft',
    title: untitledFormTitle,
    description: '',
    coverImageUrl: null,
    team: teamId ? { id: teamId, name: (await findTeamName(db, teamId)) ?? '' } : null,
    fields: [],
    settings: formSettings.parse({}),
    canTakePayments: await formCanTakePayments(db, owner),
  };
}

/**
 * A new form with what the builder held at its first edit (or just a title), checked as a save
 * is and stored at version 1, in one transaction: refused content leaves no form behind. A
 * create repeated with the same id (its reply was lost) answers with that form as it is now.
 */
export async function createForm(
  db: Database,
  { actorId, form }: { actorId: string; form: z.output<typeof createFormBody> },
): Promise<FormDraft> {
  const { id, teamId, ...content } = form;
  const owner = { ownerUserId: actorId, teamId };
  return db.transaction(async (tx) => {
    if (teamId) await requireRole(tx, teamId, actorId, ['owner', 'organizer']);
    await refuseUnstorableContent(tx, owner, content);
    const row = await insertForm(tx, { id, ...owner, ...content });
    if (row) return toDraft(tx, row);
    const existing = id ? await findForm(tx, id) : undefined;
    if (!existing || existing.ownerUserId !== actorId || existing.teamId !== teamId) {
      throw new AppError('CONFLICT', formMessages.idTaken);
    }
    return toDraft(tx, existing);
  });
}

export async function getFormDraft(db: Database, { actorId, formId }: { actorId: string; formId: string }) {
  const { form } = await editableForm(db, formId, actorId);
  return toDraft(db, form);
}

/** The fields' types the builder offers today; others wait for their slice (issue 14). */
function refuseUnavailableTypes(fields: readonly FormField[]) {
  const offered: readonly string[] = availableFieldTypes;
  const problems = Object.fromEntries(
    fields.flatMap((field, index) =>
      offered.includes(field.type) ? [] : [[`fields.${index}.type`, [unavailableFieldTypeMessage]]],
    ),
  );
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', unavailableFieldTypeMessage, problems);
}

/**
 * What a form's content must pass before it is stored, made or saved: field types offered
 * today, payment items and a season's fee only for a payee who can take charges, and a season
 * of the form's own team.
 */
async function refuseUnstorableContent(
  db: Database,
  form: FormOwner,
  content: Pick<FormRow, 'fields' | 'settings'>,
): Promise<void> {
  refuseUnavailableTypes(content.fields);
  await refuseUnpayableItems(db, form, content.fields);
  const { seasonId } = content.settings;
  if (!seasonId) return;
  const season = await findSeasonTerms(db, seasonId);
  if (!form.teamId || season?.teamId !== form.teamId) {
    throw new AppError('VALIDATION_FAILED', formMessages.seasonNotTeams, {
      'settings.seasonId': [formMessages.seasonNotTeams],
    });
  }
  // A paid season's fee becomes a line of the form's total (decision 036): the payee must take charges.
  await refuseUnpayableSeason(db, form, season.feeCents);
}

/**
 * What saving and opening a form need: the database, and the job queue through which a raised
 * limit or a reopened form wakes the waitlist (decision 040). The demo seed's new forms have no
 * waitlist, so it passes the database only.
 */
type FormSaveDeps = { db: Database } & Partial<Pick<FormDeps, 'jobs' | 'log'>>;
const wakeWaitlist = async (deps: FormSaveDeps, formId: string) => {
  if (deps.jobs && deps.log) await placesFreed({ jobs: deps.jobs, log: deps.log }, formId);
};

export async function saveForm(
  deps: FormSaveDeps,
  { actorId, formId, draft }: { actorId: string; formId: string; draft: z.output<typeof saveFormBody> },
): Promise<FormDraft> {
  const { db } = deps;
  const { form, access } = await editableForm(db, formId, actorId);
  await refuseUnstorableContent(db, form, draft);
  const settings = { ...draft.settings };
  // Who reads the submissions is the maker's call: an organizer's save keeps what the maker chose.
  if (!access.isMaker) settings.submissionsVisibleTo = form.settings.submissionsVisibleTo;
  const saved = await db.transaction(async (tx) => {
    // Under the lock submissions and completing payments take: the places counted stay counted.
    const locked = await lockForm(tx, formId);
    if (!locked) throw notFound();
    // Saved over the version it was read at, or not at all: the other save stands, this one is told.
    if (locked.version !== draft.version) throw new AppError('CONFLICT', formMessages.staleDraft);
    await refuseLimitBelowTaken(tx, { form: locked, limit: settings.submissionLimit });
    const [row] = await tx
      .update(forms)
      .set({
        title: draft.title,
        description: draft.description,
        coverImageUrl: draft.coverImageUrl,
        fields: draft.fields,
        settings,
        version: sql`${forms.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(forms.id, formId))
      .returning();
    return row!;
  });
  // A higher limit (or none) frees places for the waitlist (decision 040).
  if (saved.status === 'published' && limitRaised(form.settings.submissionLimit, saved.settings.submissionLimit)) {
    await wakeWaitlist(deps, formId);
  }
  return toDraft(db, saved);
}

const limitRaised = (before: number | null, after: number | null) =>
  before !== null && (after === null || after > before);

export async function setFormStatus(
  deps: FormSaveDeps,
  { actorId, formId, status }: { actorId: string; formId: string; status: FormRow['status'] },
): Promise<FormDraft> {
  const { db } = deps;
  const { form } = await editableForm(db, formId, actorId);
  if (status === 'published') {
    refuseUnavailableTypes(form.fields);
    // The payee may have unlinked Stripe since the last save.
    await refuseUnpayableItems(db, form, form.fields);
  }
  const [row] = await db
    .update(forms)
    .set({ status, version: sql`${forms.version} + 1`, updatedAt: new Date() })
    .where(eq(forms.id, formId))
    .returning();
  if (!row) throw notFound();
  // Places freed while it was closed go to the waitlist when it opens again (decision 040).
  if (status === 'published' && form.status !== 'published') await wakeWaitlist(deps, formId);
  return toDraft(db, row);
}

export async function duplicateForm(db: Database, { actorId, formId }: { actorId: string; formId: string }) {
  const { form } = await editableForm(db, formId, actorId);
  const [row] = await db
    .insert(forms)
    .values({
      ownerUserId: actorId,
      teamId: form.teamId,
      title: `${form.title} (copy)`.slice(0, 120),
      description: form.description,
      coverImageUrl: form.coverImageUrl,
      fields: form.fields,
      settings: form.settings,
    })
    .returning();
  if (!row) throw new Error('form insert returned nothing');
  return toDraft(db, row);
}

/** Which of these public picture URLs is a form's cover (decision 040: the unused-picture sweep keeps them). */
export async function imagesUsedByForms(db: Database, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ url: forms.coverImageUrl })
    .from(forms)
    .where(inArray(forms.coverImageUrl, urls));
  return new Set(rows.flatMap((row) => (row.url ? [row.url] : [])));
}

/** The form and its submissions go (cascade), then its files' bytes (decision 040). */
export async function deleteForm(deps: FormUploadDeps, { actorId, formId }: { actorId: string; formId: string }) {
  await editableForm(deps.db, formId, actorId);
  await deleteFormWithFiles(deps, formId, async (tx) => {
    await tx.delete(forms).where(eq(forms.id, formId));
  });
}

/**
 * Spec §4 account deletion: the person's own forms (no team) and, by cascade, their submissions
 * and uploads; the upload rows queue their bytes for the hourly job (migration 0037).
 */
export async function deletePersonalForms(tx: Database, ownerUserId: string) {
  await tx.delete(forms).where(and(eq(forms.ownerUserId, ownerUserId), isNull(forms.teamId)));
}

/** Spec §6: a published (or closed) form is public; a draft only to its editors, as a preview. */
export async function getPublicForm(
  db: Database,
  { viewerId, formId, now }: { viewerId: string | undefined; formId: string; now: Date },
): Promise<PublicForm> {
  const form = await findForm(db, formId);
  if (!form) throw notFound();
  const access = await accessTo(db, form, viewerId);
  if (form.status === 'draft' && !access.canEdit) throw notFound();
  const viewer = viewerId ? await getCurrentUser(db, viewerId) : undefined;
  const { availability, waitlistOnly } = await placeFor(db, form, await takenPlaces(db, form.id), now);
  return {
    id: form.id,
    title: form.title,
    description: form.description,
    coverImageUrl: form.coverImageUrl,
    team: await team(db, form),
    fields: form.fields,
    availability,
    waitlistOnly,
    opensAt: form.settings.opensAt ? new Date(form.settings.opensAt).toISOString() : null,
    closesAt: form.settings.closesAt ? new Date(form.settings.closesAt).toISOString() : null,
    prefill: viewer ? { name: viewer.fullName || viewer.displayName, email: viewer.email } : null,
    alreadySubmitted:
      viewer !== undefined &&
      form.settings.onePerPerson &&
      (await hasSubmissionFrom(db, form.id, { userId: viewer.id })),
    canEdit: access.canEdit,
    preview: form.status === 'draft',
    seasonFee: await seasonFeeOf(db, form),
    depositCents: form.settings.depositCents,
  };
}

/**
 * Whether a newcomer may send now, and if only onto the waitlist. A place freed while people wait
 * is theirs (decision 040: the offer job gives it to the first in line), so a newcomer joins the
 * end of the line rather than slipping in before the job runs.
 */
async function placeFor(db: Database, form: FormRow, taken: number, now: Date) {
  const place = availabilityOf(form, taken, now);
  if (place.availability !== 'open' || place.waitlistOnly || form.settings.whenFull !== 'waitlist') return place;
  return { ...place, waitlistOnly: await hasWaitlisted(db, form.id) };
}

const refusals: Record<Exclude<FormAvailability, 'open'>, string> = {
  not_open_yet: formMessages.notOpenYet,
  closed: formMessages.closed,
  full: formMessages.full,
};

/**
 * Fill a form. The form's row is locked for the transaction, so submissions to one form go one
 * at a time: the limit, the close time and one-per-person hold however many send at once. The
 * same clientId again answers with the submission it made (a retry after a lost reply).
 *
 * A visitor gives a name and email; as with guest season registrations (decisions 007, 010) the
 * reply never tells whether that email filled the form before: a repeat answers as a success,
 * writes nothing, and the address is mailed what happened.
 */
export async function submitForm(
  deps: FormDeps,
  {
    viewerId,
    formId,
    body,
    now,
  }: { viewerId: string | undefined; formId: string; body: z.output<typeof submitFormBody>; now: Date },
) {
  const { db } = deps;
  const viewer = viewerId ? await getCurrentUser(db, viewerId) : undefined;
  const who = viewer
    ? { userId: viewer.id, name: viewer.fullName || viewer.displayName, email: viewer.email }
    : body.guest
      ? { userId: null, name: body.guest.name, email: body.guest.email }
      : null;
  if (!who) {
    throw new AppError('VALIDATION_FAILED', 'Give your name and email, or sign in.', {
      'guest.name': ['Give your name.'],
      'guest.email': ['Give your email.'],
    });
  }

  const outcome = await db.transaction(async (tx) => {
    const form = await lockForm(tx, formId);
    if (!form || form.status === 'draft') throw notFound();
    const replay = await findSubmissionByClientId(tx, formId, body.clientId);
    if (replay) return { form, submission: replay, created: false, repeatedAs: null, payment: undefined };

    const taken = await takenPlaces(tx, formId);
    const { availability, waitlistOnly } = await placeFor(tx, form, taken, now);
    if (availability !== 'open') throw new AppError('CONFLICT', refusals[availability]);

    if (form.settings.onePerPerson) {
      const before = await hasSubmissionFrom(tx, formId, who.userId ? { userId: who.userId } : { email: who.email });
      if (before && who.userId) throw new AppError('CONFLICT', formMessages.alreadySubmitted);
      if (before)
        return {
          form,
          submission: null,
          created: false,
          repeatedAs: waitlistOnly ? ('waitlisted' as const) : ('submitted' as const),
          payment: undefined,
        };
    }

    const checked = checkAnswers(form.fields, body.answers, now);
    // Files named by the answers must be this filling's own uploads (decision 037).
    const files = checked.ok
      ? await checkSubmittedFiles(tx, {
          formId,
          fields: form.fields,
          answers: checked.answers,
          clientId: body.clientId,
          userId: who.userId,
        })
      : { fieldErrors: {}, uploadIds: [] };
    const fieldErrors = checked.ok ? files.fieldErrors : checked.fieldErrors;
    if (!checked.ok || Object.keys(fieldErrors).length > 0) {
      const fields = Object.fromEntries(
        Object.entries(fieldErrors).map(([id, message]) => [`answers.${id}`, [message]]),
      );
      throw new AppError('VALIDATION_FAILED', 'Some answers need another look.', fields);
    }
    // What it costs, from the saved definition and the checked answers (decision 036); a linked
    // season's fee is a line of it. A place with something due is held until the payment is made.
    const seasonFee = await seasonFeeOf(tx, form);
    const { total, lines } = paymentLines(form.fields, checked.answers, seasonFee);
    const due = waitlistOnly ? { dueNow: 0, balance: total } : splitDeposit(total, form.settings.depositCents);
    const payee = due.dueNow > 0 ? await formPayee(tx, form) : undefined;
    const status: SubmissionStatus = waitlistOnly ? 'waitlisted' : payee ? 'awaiting_payment' : 'submitted';

    // A visitor is kept as an unregistered user (spec §3), unless the email is an account's:
    // that account's holder signs in to be matched; the submission keeps the name and email.
    const guestId =
      who.userId || (await findUserRecordByEmail(tx, who.email))
        ? null
        : (await createGuest(tx, { name: who.name, email: who.email })).id;

    // A team's registration form registers the filler for its season (spec §7): both or neither.
    // A season given a fee after the form was linked to it is left alone: its place is paid for.
    const seasonId = form.settings.seasonId;
    const seasonIsFree = seasonId !== null && seasonFee === null;
    let registrationId: string | null = null;
    if (form.settings.seasonId && seasonIsFree && form.teamId && status === 'submitted' && (who.userId || guestId)) {
      const registration = await registerWithinCapacity(tx, {
        seasonId: form.settings.seasonId,
        teamId: form.teamId,
        userId: who.userId,
        guestId,
        name: who.name,
        email: who.email,
      });
      if (registration.kind === 'full') throw new AppError('CONFLICT', seasonFullMessage);
      if (registration.kind === 'created') registrationId = registration.row.id;
    }

    // A held place with a linked season holds the season's place too (decision 040): a filler who
    // pays is registered, whoever fills the season from the team page meanwhile.
    const seasonHold =
      status === 'awaiting_payment'
        ? await holdSeasonPlace(tx, form, { userId: who.userId, guestId, name: who.name, email: who.email })
        : { kind: 'none' as const };
    if (seasonHold.kind === 'full') throw new AppError('CONFLICT', seasonFullMessage);

    const [submission] = await tx
      .insert(formSubmissions)
      .values({
        formId,
        clientId: body.clientId,
        userId: who.userId,
        guestId,
        name: who.name,
        email: who.email,
        status,
        answers: checked.answers,
        totalCents: total,
        paymentLines: lines,
        accessKey: total > 0 ? newAccessKey() : null,
        seasonRegistrationId: seasonHold.kind === 'held' ? seasonHold.registrationId : registrationId,
        createdAt: now,
      })
      .returning();
    if (!submission) throw new Error('submission insert returned nothing');
    await claimSubmittedFiles(tx, files.uploadIds, submission.id);
    const payment = payee
      ? await holdPayment(tx, deps, {
          form,
          row: submission,
          amountCents: due.dueNow,
          payee,
          part: due.balance > 0 ? 'deposit' : 'whole',
          registrationId: seasonHold.kind === 'held' ? seasonHold.registrationId : null,
        })
      : undefined;
    return { form, submission, created: true, repeatedAs: null, payment };
  });

  const { form, submission, created, repeatedAs, payment } = outcome;
  // The Checkout opens after the commit (no lock is held while Stripe answers); its expiry gives
  // the held place back. A failure releases the place at once and is told to the filler.
  const key = submission?.accessKey ?? undefined;
  if (payment && submission) await openFormCheckout(deps, { payment, row: submission, key, balance: false });
  const status: SubmissionStatus = submission?.status ?? repeatedAs ?? 'submitted';
  const owes = submission !== null && submission.totalCents > 0 && status !== 'waitlisted';
  const paymentPath = owes
    ? `/${status === 'awaiting_payment' ? 'form/payment' : 'pay-balance'}/${form.id}/${submission.id}?key=${key}`
    : null;
  if ((created && form.settings.confirmationEmail) || repeatedAs) {
    const mail = formReceivedMail({
      name: who.name,
      formTitle: form.title,
      confirmation: form.settings.confirmationMessage,
      waitlisted: status === 'waitlisted',
      repeated: repeatedAs !== null,
      // A paid submission's link is its payment page, with the key a visitor needs to open it.
      link: `${deps.publicOrigin}${paymentPath ?? `/form/${form.id}`}`,
    });
    try {
      await deps.mailer.send({ to: who.email, ...mail });
    } catch (error) {
      deps.log.error({ err: error, formId }, 'form confirmation mail failed');
    }
  }
  if (created && submission && form.ownerUserId) {
    // The maker hears of each new submission, under their team-join settings (and the team's switches).
    await notify(deps, {
      userIds: [form.ownerUserId],
      category: 'teamJoin',
      kind: 'formSubmitted',
      title: `New submission: ${form.title}`,
      body: `${who.name} filled in ${form.title}${submission.status === 'waitlisted' ? ' (waitlisted)' : ''}.`,
      link: `/form/${form.id}/${submission.id}`,
      actorId: who.userId,
      teamId: form.teamId,
      subjectId: form.id,
    });
  }
  return {
    // A visitor's repeat gets an id like any other, tied to nothing.
    submissionId: submission?.id ?? randomUUID(),
    status,
    confirmationMessage:
      status === 'waitlisted'
        ? formMessages.waitlisted
        : form.settings.confirmationMessage || formMessages.defaultConfirmation,
    paymentPath,
  };
}

function toSubmission(
  row: SubmissionRow,
  {
    organizer,
    files,
    payment,
  }: { organizer: boolean; files: Record<string, SubmittedFile>; payment: Submission['payment'] },
): Submission {
  return {
    id: row.id,
    formId: row.formId,
    status: row.status,
    name: row.name,
    email: row.email,
    userId: row.userId,
    answers: row.answers,
    files,
    marked: organizer ? row.marked : false,
    comment: organizer ? row.comment : '',
    submittedAt: row.createdAt.toISOString(),
    payment,
  };
}

/** Submissions with their files and payment state (one query each for all of them). */
async function toSubmissions(db: Database, rows: SubmissionRow[], organizer: boolean) {
  const ids = rows.map((row) => row.id);
  const [files, payments] = await Promise.all([filesOfSubmissions(db, ids), submissionPayments(db, rows)]);
  return rows.map((row) =>
    toSubmission(row, { organizer, files: files.get(row.id) ?? {}, payment: payments.get(row.id) ?? null }),
  );
}
const oneSubmission = async (db: Database, row: SubmissionRow, organizer: boolean) =>
  (await toSubmissions(db, [row], organizer))[0]!;

export async function listSubmissions(
  db: Database,
  {
    actorId,
    formId,
    filter,
    page,
    pageSize,
  }: { actorId: string; formId: string; filter: SubmissionFilter; page: number; pageSize: number },
) {
  const { form, access } = await readableForm(db, formId, actorId);
  const { rows, total } = await listSubmissionRows(db, formId, filter, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return {
    form: { id: form.id, title: form.title, fields: form.fields, canEdit: access.canEdit },
    submissions: await toSubmissions(db, rows, true),
    total,
    page,
    pageSize,
  };
}

/** One submission: its readers, and the person who sent it (without the organizers' flag and note). */
export async function getSubmission(
  db: Database,
  { viewerId, formId, submissionId }: { viewerId: string; formId: string; submissionId: string },
) {
  const form = await findForm(db, formId);
  const row = form ? await findSubmission(db, formId, submissionId) : undefined;
  if (!form || !row) throw new AppError('NOT_FOUND', 'This submission does not exist.');
  const access = await accessTo(db, form, viewerId);
  if (access.canRead) return oneSubmission(db, row, true);
  if (row.userId === viewerId) return oneSubmission(db, row, false);
  throw new AppError('NOT_FOUND', 'This submission does not exist.');
}

export async function updateSubmission(
  db: Database,
  {
    actorId,
    formId,
    submissionId,
    changes,
  }: { actorId: string; formId: string; submissionId: string; changes: { marked?: boolean; comment?: string } },
) {
  await readableForm(db, formId, actorId);
  const [row] = await db
    .update(formSubmissions)
    .set(changes)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.id, submissionId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'This submission does not exist.');
  return oneSubmission(db, row, true);
}

/**
 * The form's organizers refund a payment of a submission, in full or in part: never more than is
 * left of it, also when refunds come at once (the ledger row's lock, decision 033).
 */
export async function refundSubmissionPayment(
  deps: FormDeps,
  {
    actorId,
    formId,
    submissionId,
    paymentId,
    amountCents,
  }: { actorId: string; formId: string; submissionId: string; paymentId: string; amountCents?: number },
) {
  const { access } = await readableForm(deps.db, formId, actorId);
  if (!access.canEdit) throw new AppError('FORBIDDEN', 'Only the form’s organizers can do that.');
  const row = await findSubmission(deps.db, formId, submissionId);
  const payment = row ? await findLedgerPayment(deps.db, paymentId) : undefined;
  if (!row || payment?.formSubmissionId !== row.id) throw new AppError('NOT_FOUND', 'Payment not found.');
  await refundPayment(deps, { paymentId, amountCents, reason: 'organizer' });
  // Decision 040: a submission refunded everything it paid is withdrawn, and its place goes to
  // the waitlist; a partial refund keeps it.
  const summary = (await submissionPayments(deps.db, [row])).get(row.id);
  if (row.status === 'submitted' && summary?.state === 'refunded') {
    const withdrawn = await deps.db.transaction(async (tx) => moveSubmission(tx, row.id, 'submitted', 'cancelled'));
    if (withdrawn) await placesFreed(deps, formId);
  }
  return oneSubmission(deps.db, (await findSubmission(deps.db, formId, submissionId)) ?? row, true);
}

/**
 * Decision 044: the form's readers delete one submission (the submissions screen): what was paid
 * is refunded, its files and its season registration go, a place it held goes to the waitlist.
 */
export async function deleteSubmission(
  deps: FormDeps,
  { actorId, formId, submissionId }: { actorId: string; formId: string; submissionId: string },
) {
  const { form } = await readableForm(deps.db, formId, actorId);
  await endSubmission(deps, { form, submissionId, end: 'delete' });
  return { ok: true as const };
}

const fileCell = (file: (SubmittedFile & { link: string }) | undefined, id: string) =>
  file ? `${file.name} (${file.link})` : id;

/** An answer as a spreadsheet cell: option labels, not ids; a signature with its time. */
export function answerText(
  field: FormField,
  answer: CheckedAnswer | undefined,
  /** The submission's files, with a link to download each (files: name and link). */
  files?: Record<string, SubmittedFile & { link: string }>,
): string {
  if (answer === undefined) return '';
  const label = (id: string) => ('options' in field ? (field.options.find((item) => item.id === id)?.label ?? id) : id);
  if (Array.isArray(answer)) return answer.map(label).join('; ');
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  if (typeof answer === 'object')
    return 'uploadIds' in answer
      ? answer.uploadIds.map((id) => fileCell(files?.[id], id)).join('; ')
      : `${answer.name} (signed ${answer.signedAt})`;
  return typeof answer === 'string' ? label(answer) : String(answer);
}

/** The submissions of a filter as CSV: who, when, status, the organizers' flag and note, then one column per question. */
export async function exportSubmissionsCsv(
  db: Database,
  {
    actorId,
    formId,
    filter,
    publicOrigin,
  }: { actorId: string; formId: string; filter: SubmissionFilter; publicOrigin: string },
) {
  const { form } = await readableForm(db, formId, actorId);
  const { rows } = await listSubmissionRows(db, formId, filter, null);
  const files = await filesOfSubmissions(
    db,
    rows.map((row) => row.id),
  );
  // A file's cell: its name and the link its readers download it from (they sign in first).
  const linked = (submissionId: string) =>
    Object.fromEntries(
      Object.entries(files.get(submissionId) ?? {}).map(([id, file]) => [
        id,
        { ...file, link: `${publicOrigin}${formUploadDownloadPath(formId, id)}` },
      ]),
    );
  const questions = form.fields.filter((field) => field.type !== 'heading' && field.type !== 'page_break');
  const payments = await submissionPayments(db, rows);
  const dollars = (cents: number | undefined) => (cents === undefined ? '' : (cents / 100).toFixed(2));
  const csv = writeSpreadsheetCsv(
    [
      'Submitted at',
      'Name',
      'Email',
      'Status',
      'Payment',
      'Total',
      'Paid',
      'Refunded',
      'Balance',
      'Marked',
      'Comment',
      ...questions.map((field) => field.label),
    ],
    rows.map((row) => {
      const payment = payments.get(row.id);
      return [
        row.createdAt.toISOString(),
        row.name,
        row.email,
        row.status,
        payment ? submissionPaymentStateLabels[payment.state] : '',
        dollars(payment?.totalCents),
        dollars(payment?.paidCents),
        dollars(payment?.refundedCents),
        dollars(payment?.balanceCents),
        row.marked ? 'Yes' : 'No',
        row.comment,
        ...questions.map((field) => answerText(field, row.answers[field.id], linked(row.id))),
      ];
    }),
  );
  const slug =
    form.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'form';
  return { filename: `${slug}-submissions.csv`, csv };
}

/**
 * `form/{formId}/team-form-add/{userId}` (spec §2): a filler of a team's form, seen by the form's
 * organizers (editors who may read its submissions). 404 when the person has no submission to it.
 */
async function teamFormAddView(
  db: Database,
  { actorId, formId, userId }: { actorId: string; formId: string; userId: string },
) {
  const { form, access } = await readableForm(db, formId, actorId);
  if (!access.canEdit) throw new AppError('FORBIDDEN', 'Only the form’s organizers can do that.');
  if (!form.teamId) throw new AppError('CONFLICT', notATeamFormMessage);
  const submission = await latestSubmissionBy(db, formId, userId);
  if (!submission) throw new AppError('NOT_FOUND', 'This person has not filled in this form.');
  const person = await getCurrentUser(db, userId);
  return { form, teamId: form.teamId, submission, person };
}

async function toTeamFormAdd(
  db: Database,
  { form, teamId, submission, person }: Awaited<ReturnType<typeof teamFormAddView>>,
): Promise<TeamFormAdd> {
  const seasonId = form.settings.seasonId;
  const name = person.fullName || person.displayName;
  return {
    team: { id: teamId, name: (await findTeamName(db, teamId)) ?? '' },
    person: { id: person.id, name, email: person.email },
    submission: await oneSubmission(db, submission, true),
    fields: form.fields,
    isMember: (await findTeamRole(db, teamId, person.id)) !== undefined,
    season: seasonId
      ? {
          id: seasonId,
          label: (await findSeasonLabel(db, seasonId)) ?? '',
          registered: await isRegistered(db, seasonId, { userId: person.id, email: person.email }),
        }
      : null,
  };
}

export async function getTeamFormAdd(db: Database, input: { actorId: string; formId: string; userId: string }) {
  return toTeamFormAdd(db, await teamFormAddView(db, input));
}

/** Onto the roster as a player and into the form's season: both or neither; doing it twice changes nothing. */
export async function addToTeamFromForm(db: Database, input: { actorId: string; formId: string; userId: string }) {
  const view = await teamFormAddView(db, input);
  const { form, teamId, person } = view;
  await db.transaction(async (tx) => {
    await addPlayerToTeam(tx, { teamId, userId: person.id });
    if (form.settings.seasonId) {
      const registration = await registerWithinCapacity(tx, {
        seasonId: form.settings.seasonId,
        teamId,
        userId: person.id,
        guestId: null,
        name: person.fullName || person.displayName,
        email: person.email,
      });
      if (registration.kind === 'full') throw new AppError('CONFLICT', seasonFullMessage);
    }
  });
  return toTeamFormAdd(db, view);
}
