import {
  formFileContentTypes,
  formMessages,
  type CheckedAnswer,
  type FormField,
  type SubmittedFile,
} from '@huddle/shared/forms';
import { uploadMessages } from '@huddle/shared/uploads';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { cleanFileName, sniffFileKind } from '../../lib/files/sniff-file-kind.ts';
import type { PrivateFileStorage } from '../../lib/storage/private-file-storage.ts';
import {
  claimUploads,
  countPendingUploads,
  deleteOrphanUploads,
  findFormUpload,
  findOrphanUploads,
  findQueuedFileDeletions,
  findUploadsByIds,
  forgetFileDeletion,
  insertFormUpload,
  storageKeysOfForm,
  uploadsOfSubmissions,
  type FormUploadRow,
} from './form-uploads.repository.ts';
import { accessTo, availabilityOf } from './forms.access.ts';
import { findForm } from './forms.repository.ts';

/**
 * Files sent with forms (issue 14, decision 037). A filler uploads each file before submitting;
 * the upload is bound to the form, the question, the filling (its clientId) and the account when
 * signed in. The submission names the files by id and claims them, once. Only the uploader and
 * the form's readers download them, as attachments; everyone else gets 404.
 */
export interface FormUploadDeps {
  db: Database;
  privateStorage: PrivateFileStorage;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** One filling holds at most this many unsent files: enough for every file question's maximum. */
const pendingPerFilling = 20;
/** An upload nobody submitted within a day is deleted (the filler left the page). */
export const orphanUploadAgeMs = 24 * 60 * 60 * 1000;
export const orphanUploadsJob = 'forms.delete-orphan-uploads';
export const orphanUploadsCron = '17 * * * *';

const notFound = () => new AppError('NOT_FOUND', uploadMessages.notFound);
const fileField = (fields: readonly FormField[], fieldId: string) => {
  const field = fields.find((candidate) => candidate.id === fieldId);
  return field?.type === 'file' ? field : undefined;
};
const toFile = (row: FormUploadRow): SubmittedFile => ({
  id: row.id,
  name: row.name,
  sizeBytes: row.sizeBytes,
  contentType: row.contentType,
});

/** Stores a file for a question of an open form; the kind comes from the bytes, the limits from the question. */
export async function uploadFormFile(
  { db, privateStorage }: FormUploadDeps,
  input: {
    viewerId: string | undefined;
    formId: string;
    fieldId: string;
    clientId: string;
    fileName: string | undefined;
    bytes: Buffer;
    now: Date;
  },
): Promise<SubmittedFile> {
  const form = await findForm(db, input.formId);
  if (!form || form.status === 'draft') throw new AppError('NOT_FOUND', formMessages.notFound);
  if (availabilityOf(form, 0, input.now).availability !== 'open') throw new AppError('CONFLICT', formMessages.closed);
  const field = fileField(form.fields, input.fieldId);
  const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { file: [message] });
  if (!field) throw refuse(uploadMessages.notAFileQuestion);
  if (input.bytes.length === 0) throw refuse(uploadMessages.chooseFile);
  if (input.bytes.length > field.maxSizeMb * 1024 * 1024) throw refuse(uploadMessages.tooLarge(field.maxSizeMb));
  const kind = sniffFileKind(input.bytes);
  if (!kind || !field.accept.includes(kind)) throw refuse(uploadMessages.wrongKind(field.accept));
  if ((await countPendingUploads(db, form.id, input.clientId)) >= pendingPerFilling) {
    throw new AppError('CONFLICT', uploadMessages.tooManyPending);
  }

  const id = randomUUID();
  // The key holds no name the filler chose: the name is kept in the row, for showing only.
  const storageKey = `forms/${form.id}/${id}`;
  await privateStorage.put(storageKey, input.bytes, formFileContentTypes[kind]);
  const row = await insertFormUpload(db, {
    id,
    formId: form.id,
    fieldId: field.id,
    clientId: input.clientId,
    uploaderUserId: input.viewerId ?? null,
    storageKey,
    name: cleanFileName(input.fileName, `${field.id}.${kind === 'jpeg' ? 'jpg' : kind}`),
    contentType: formFileContentTypes[kind],
    sizeBytes: input.bytes.length,
    createdAt: input.now,
  });
  return toFile(row);
}

/**
 * Inside the submission's transaction (the form's row is locked): every file an answer names
 * must have been uploaded to that question by this filling (and this account, when signed in),
 * still fit the question, and belong to no other submission. Then the submission claims them.
 * Returns the field errors, if any, before anything is claimed.
 */
export async function checkSubmittedFiles(
  tx: Database,
  input: {
    formId: string;
    fields: readonly FormField[];
    answers: Record<string, CheckedAnswer>;
    clientId: string;
    userId: string | null;
  },
): Promise<{ fieldErrors: Record<string, string>; uploadIds: string[] }> {
  const named = Object.entries(input.answers).flatMap(([fieldId, answer]) =>
    typeof answer === 'object' && answer !== null && 'uploadIds' in answer
      ? answer.uploadIds.map((uploadId) => ({ fieldId, uploadId }))
      : [],
  );
  const rows = new Map(
    (
      await findUploadsByIds(
        tx,
        named.map((item) => item.uploadId),
      )
    ).map((row) => [row.id, row]),
  );
  const fieldErrors: Record<string, string> = {};
  for (const { fieldId, uploadId } of named) {
    const row = rows.get(uploadId);
    const field = fileField(input.fields, fieldId);
    const fits =
      row !== undefined &&
      field !== undefined &&
      row.formId === input.formId &&
      row.fieldId === fieldId &&
      row.clientId === input.clientId &&
      row.uploaderUserId === input.userId &&
      row.submissionId === null &&
      row.sizeBytes <= field.maxSizeMb * 1024 * 1024 &&
      field.accept.some((kind) => formFileContentTypes[kind] === row.contentType);
    if (!fits) fieldErrors[fieldId] = uploadMessages.notYours;
  }
  return { fieldErrors, uploadIds: named.map((item) => item.uploadId) };
}

export async function claimSubmittedFiles(tx: Database, uploadIds: string[], submissionId: string) {
  // The form's row lock makes the check and this claim one step; the IS NULL guard is the backstop.
  if ((await claimUploads(tx, uploadIds, submissionId)) !== uploadIds.length) {
    throw new AppError('CONFLICT', uploadMessages.notYours);
  }
}

/** The files of these submissions, by submission id, then by upload id. */
export async function filesOfSubmissions(
  db: Database,
  submissionIds: string[],
): Promise<Map<string, Record<string, SubmittedFile>>> {
  const bySubmission = new Map<string, Record<string, SubmittedFile>>();
  for (const row of await uploadsOfSubmissions(db, submissionIds)) {
    if (!row.submissionId) continue;
    const files = bySubmission.get(row.submissionId) ?? {};
    files[row.id] = toFile(row);
    bySubmission.set(row.submissionId, files);
  }
  return bySubmission;
}

/**
 * A file's bytes for who may have them: its uploader (signed in as the same account, or a
 * visitor holding the filling's id) and, once submitted, the form's readers (its maker, and the
 * team's organizers unless the maker kept submissions to themself). Everyone else: 404, the
 * same as for a file that does not exist.
 */
export async function downloadFormFile(
  { db, privateStorage }: FormUploadDeps,
  input: { viewerId: string | undefined; formId: string; uploadId: string; clientId: string | undefined },
) {
  const form = await findForm(db, input.formId);
  const row = form ? await findFormUpload(db, input.formId, input.uploadId) : undefined;
  if (!form || !row) throw notFound();
  const isUploader = row.uploaderUserId
    ? row.uploaderUserId === input.viewerId
    : input.clientId !== undefined && input.clientId === row.clientId;
  const isReader = row.submissionId !== null && (await accessTo(db, form, input.viewerId)).canRead;
  if (!isUploader && !isReader) throw notFound();
  const bytes = await privateStorage.read(row.storageKey);
  if (!bytes) throw notFound();
  return { name: row.name, contentType: row.contentType, bytes };
}

/**
 * Removes the bytes queued for deletion (decision 040): all of them, or those of `storageKeys`.
 * Each queued key goes once its bytes are gone; a storage failure is logged and the key stays
 * queued for the hourly job's next run. Returns how many were removed.
 */
export async function removeQueuedFiles(
  { db, privateStorage, log }: FormUploadDeps,
  storageKeys?: string[],
): Promise<number> {
  let removed = 0;
  const failed = new Set<string>();
  for (;;) {
    const batch = (await findQueuedFileDeletions(db, 200 + failed.size, storageKeys)).filter(
      (row) => !failed.has(row.storageKey),
    );
    if (batch.length === 0) return removed;
    for (const { storageKey } of batch) {
      try {
        await privateStorage.remove(storageKey);
        await forgetFileDeletion(db, storageKey);
        removed += 1;
      } catch (error) {
        failed.add(storageKey);
        log.error({ err: error, storageKey }, 'removing a form file failed; the hourly job tries again');
      }
    }
  }
}

/**
 * Deletes a form's rows, then its files' bytes (decision 040). The keys are queued in the
 * transaction that deletes the form (its uploads go by cascade); the bytes are removed after the
 * commit, so a storage failure never undoes nor blocks the delete: the hourly job retries it.
 */
export async function deleteFormWithFiles(
  deps: FormUploadDeps,
  formId: string,
  deleteRows: (tx: Database) => Promise<void>,
) {
  const storageKeys = await deps.db.transaction(async (tx) => {
    // Deleting the rows queues their keys (a trigger on form_uploads, migration 0037).
    const keys = await storageKeysOfForm(tx, formId);
    await deleteRows(tx);
    return keys;
  });
  if (storageKeys.length > 0) await removeQueuedFiles(deps, storageKeys);
}

/**
 * The hourly job: unclaimed uploads older than a day go, rows first (a file is never listed
 * without its bytes), their keys queued in the same transaction; then every queued key's bytes,
 * including those of a team deleted with its forms, and those a deleted form left when storage failed.
 */
export async function deleteOrphanFormUploads(deps: FormUploadDeps, { now }: { now: Date }) {
  const { db } = deps;
  const before = new Date(now.getTime() - orphanUploadAgeMs);
  let deleted = 0;
  for (;;) {
    const batch = await findOrphanUploads(db, before, 200);
    if (batch.length === 0) break;
    // Each deleted row queues its key in the same statement (the form_uploads trigger).
    const gone = await deleteOrphanUploads(
      db,
      batch.map((row) => row.id),
    );
    deleted += gone.length;
    if (gone.length === 0) break;
  }
  await removeQueuedFiles(deps);
  return deleted;
}
