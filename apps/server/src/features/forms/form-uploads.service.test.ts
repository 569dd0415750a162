import { formMessages, type FormFieldInput } from '@huddle/shared/forms';
import { uploadMessages } from '@huddle/shared/uploads';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressedCall,
  createPublishedForm,
  createTeamAs,
  formTestCast,
  multipartFile,
  tinyPdf,
  type TestUser,
} from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createLocalPrivateStorage } from '../../lib/storage/private-file-storage.ts';
import type { PrivateFileStorage } from '../../lib/storage/private-file-storage.ts';
import { deleteFormWithFiles, deleteOrphanFormUploads, orphanUploadsJob } from './form-uploads.service.ts';
import { formFileDeletions, formSubmissions, formUploads, forms } from './forms.schema.ts';

/** Issue 14, decision 037: files sent with forms are private, checked by their bytes, and claimed once. */
type User = TestUser;
let t: TestApp;
let owner: User, organizer: User, player: User, outsider: User;
let teamId: string;
beforeAll(async () => {
  ({ t, owner, organizer, player, outsider, teamId } = await formTestCast(
    {
      team: 'Westside Waivers',
      owner: 'Wanda Owner',
      organizer: 'Walt Organizer',
      player: 'Will Player',
      outsider: 'Wes Outsider',
    },
    { payments: false },
  ));
});
afterAll(async () => {
  await t.close();
});

const idField: FormFieldInput = { type: 'file', id: 'id_scan', label: 'ID document', required: true };
const ownerCall = addressedCall(() => t.app);
const newForm = (fields: FormFieldInput[] = [idField], formTeamId = teamId) =>
  createPublishedForm(ownerCall, owner.cookie, {
    title: 'Waiver and ID',
    teamId: formTeamId,
    fields,
    settings: { onePerPerson: false },
  });

const quietLog = { error: () => undefined };
let address = 0;
function upload(
  formId: string,
  { bytes = tinyPdf, filename = 'passport.pdf', cookie = '', clientId = randomUUID(), fieldId = 'id_scan' } = {},
) {
  const body = multipartFile(bytes, { filename, contentType: 'application/pdf' });
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/forms/${formId}/uploads?fieldId=${fieldId}&clientId=${clientId}`,
    headers: { 'content-type': body.contentType, ...(cookie && { cookie }) },
    payload: body.payload,
    remoteAddress: `198.51.100.${address % 250}`,
  });
}
const submit = (formId: string, clientId: string, uploadIds: string[], cookie = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/forms/${formId}/submissions`,
    headers: cookie ? { cookie } : {},
    payload: {
      clientId,
      answers: { id_scan: { uploadIds } },
      ...(!cookie && { guest: { name: 'Vera Visitor', email: `vera-${randomUUID()}@example.com` } }),
    },
    remoteAddress: `192.0.2.${(address += 1) % 250}`,
  });
const download = (formId: string, uploadId: string, cookie = '', clientId?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/forms/${formId}/uploads/${uploadId}${clientId ? `?clientId=${clientId}` : ''}`,
    headers: cookie ? { cookie } : {},
  });

describe('file questions', () => {
  it('a visitor uploads a PDF and submits; the uploader and the organizers download it, nobody else', async () => {
    const formId = await newForm();
    const clientId = randomUUID();
    const uploaded = await upload(formId, { clientId, filename: '../../My passport<1>.pdf' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json() as { id: string; name: string; contentType: string; sizeBytes: number };
    expect(file).toMatchObject({ name: 'My passport1.pdf', contentType: 'application/pdf', sizeBytes: tinyPdf.length });

    // Before submitting, only the filling that uploaded it reads it back.
    expect((await download(formId, file.id, '', clientId)).statusCode).toBe(200);
    expect((await download(formId, file.id, owner.cookie)).statusCode).toBe(404);

    const sent = await submit(formId, clientId, [file.id]);
    expect(sent.statusCode, sent.body).toBe(201);

    for (const reader of [owner, organizer]) {
      const got = await download(formId, file.id, reader.cookie);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toMatch(/^attachment; filename="My passport1.pdf"/);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.equals(tinyPdf)).toBe(true);
    }
    expect((await download(formId, file.id, '', clientId)).statusCode).toBe(200);
    for (const stranger of [player.cookie, outsider.cookie, '']) {
      const got = await download(formId, file.id, stranger);
      expect(got.statusCode).toBe(404);
      expect(got.json().error.code).toBe('NOT_FOUND');
    }
    expect((await download(formId, file.id, '', randomUUID())).statusCode).toBe(404);

    // The organizers see the file's name beside the answer, and the CSV links it.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/submissions`,
      headers: { cookie: organizer.cookie },
    });
    expect(list.json().submissions[0].files[file.id]).toMatchObject({ name: 'My passport1.pdf' });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/submissions.csv`,
      headers: { cookie: owner.cookie },
    });
    expect(csv.body).toContain(`My passport1.pdf (http://localhost:3000/api/forms/${formId}/uploads/${file.id})`);
  });

  it('a signed-in filler downloads their own file; it is stored outside the public uploads folder', async () => {
    const formId = await newForm();
    const clientId = randomUUID();
    const file = (await upload(formId, { clientId, cookie: player.cookie })).json() as { id: string };
    expect((await submit(formId, clientId, [file.id], player.cookie)).statusCode).toBe(201);
    expect((await download(formId, file.id, player.cookie)).statusCode).toBe(200);
    expect((await download(formId, file.id, outsider.cookie, clientId)).statusCode).toBe(404);

    const [row] = await t.db.select().from(formUploads).where(eq(formUploads.id, file.id));
    const privateFiles = await readdir(path.join(t.config.dataDir, 'private', 'forms', formId));
    expect(privateFiles).toEqual([row?.storageKey.split('/').pop()]);
    expect(await readdir(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${row?.storageKey}` })).statusCode).toBe(404);
  });

  it('refuses a file by its bytes, not its name, and one over the question’s size', async () => {
    const formId = await newForm([{ ...idField, accept: ['pdf'], maxSizeMb: 1 }]);
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const renamed = await upload(formId, { bytes: page, filename: 'scan.pdf' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.fields.file).toEqual([uploadMessages.wrongKind(['pdf'])]);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(formId, { bytes: png, filename: 'scan.pdf' })).json().error.fields.file).toEqual([
      uploadMessages.wrongKind(['pdf']),
    ]);
    const big = Buffer.concat([tinyPdf, Buffer.alloc(1024 * 1024)]);
    const tooBig = await upload(formId, { bytes: big });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.fields.file).toEqual([uploadMessages.tooLarge(1)]);
    const overAll = await upload(formId, { bytes: Buffer.concat([tinyPdf, Buffer.alloc(11 * 1024 * 1024)]) });
    expect(overAll.statusCode).toBe(413);
    expect(overAll.json().error.fields.file).toEqual([uploadMessages.tooLarge(10)]);
    expect((await upload(formId, { fieldId: 'nope' })).json().error.fields.file).toEqual([
      uploadMessages.notAFileQuestion,
    ]);
    expect(await t.db.select().from(formUploads).where(eq(formUploads.formId, formId))).toEqual([]);
  });

  it('refuses an upload id of another form, another filling, or already sent with another submission', async () => {
    const formId = await newForm();
    const otherForm = await newForm();
    const clientId = randomUUID();
    const elsewhere = (await upload(otherForm, { clientId })).json() as { id: string };
    const refused = await submit(formId, clientId, [elsewhere.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['answers.id_scan']).toEqual([uploadMessages.notYours]);

    const mine = (await upload(formId, { clientId })).json() as { id: string };
    expect((await submit(formId, randomUUID(), [mine.id])).statusCode).toBe(400);
    expect((await submit(formId, clientId, [mine.id])).statusCode).toBe(201);
    // Another filling naming the same id, even with the same account: refused.
    const again = await submit(formId, randomUUID(), [mine.id], player.cookie);
    expect(again.json().error.fields['answers.id_scan']).toEqual([uploadMessages.notYours]);
  });

  it('fifty sends of one filling at once make one submission, which holds the file', async () => {
    const formId = await newForm();
    const clientId = randomUUID();
    const file = (await upload(formId, { clientId, cookie: player.cookie })).json() as { id: string };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => submit(formId, clientId, [file.id], player.cookie)),
    );
    expect(replies.every((reply) => reply.statusCode === 201)).toBe(true);
    expect(new Set(replies.map((reply) => reply.json().submissionId)).size).toBe(1);
    const [row] = await t.db.select().from(formUploads).where(eq(formUploads.id, file.id));
    expect(row?.submissionId).toBe(replies[0]?.json().submissionId);
  });

  it('refuses uploads to a draft or closed form', async () => {
    const formId = await newForm();
    await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/status`,
      headers: { cookie: owner.cookie },
      payload: { status: 'closed' },
    });
    const closed = await upload(formId);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(formMessages.closed);
  });

  it('deletes uploads nobody submitted within a day, rows and bytes, and keeps submitted ones', async () => {
    const formId = await newForm();
    const kept = randomUUID();
    const submitted = (await upload(formId, { clientId: kept })).json() as { id: string };
    await submit(formId, kept, [submitted.id]);
    const orphan = (await upload(formId)).json() as { id: string };
    const privateStorage = createLocalPrivateStorage(path.join(t.config.dataDir, 'private'));
    expect(t.jobs.schedules.has(orphanUploadsJob)).toBe(true);

    expect(await deleteOrphanFormUploads({ db: t.db, privateStorage, log: quietLog }, { now: new Date() })).toBe(0);
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    // Other tests' unsent uploads in this database go too.
    expect(
      await deleteOrphanFormUploads({ db: t.db, privateStorage, log: quietLog }, { now: tomorrow }),
    ).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(formUploads).where(eq(formUploads.formId, formId));
    expect(left.map((row) => row.id)).toEqual([submitted.id]);
    expect(await readdir(path.join(t.config.dataDir, 'private', 'forms', formId))).toEqual([submitted.id]);
    expect(orphan.id).not.toBe(submitted.id);
  });

  it('deleting a form deletes its rows, then the bytes of every file sent to it (decision 040)', async () => {
    const formId = await newForm();
    const clientId = randomUUID();
    const sent = (await upload(formId, { clientId })).json() as { id: string };
    expect((await submit(formId, clientId, [sent.id])).statusCode).toBe(201);
    const unsent = (await upload(formId)).json() as { id: string };
    const folder = path.join(t.config.dataDir, 'private', 'forms', formId);
    expect((await readdir(folder)).sort()).toEqual([sent.id, unsent.id].sort());

    // Only its organizers delete it: the files stay for anyone else's try.
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/forms/${formId}`,
      headers: { cookie: player.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(await readdir(folder)).toHaveLength(2);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/forms/${formId}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await readdir(folder)).toEqual([]);
    expect(await t.db.select().from(formUploads).where(eq(formUploads.formId, formId))).toEqual([]);
    expect(await t.db.select().from(formSubmissions).where(eq(formSubmissions.formId, formId))).toEqual([]);
    const queued = await t.db.select().from(formFileDeletions);
    expect(queued.filter((row) => row.storageKey.startsWith(`forms/${formId}/`))).toEqual([]);
  });

  it('deleting a team queues the files of its forms (by cascade), and the hourly job removes their bytes', async () => {
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Short-lived Strikers' });
    const formId = await newForm([idField], team.id);
    const clientId = randomUUID();
    const sent = (await upload(formId, { clientId })).json() as { id: string };
    expect((await submit(formId, clientId, [sent.id])).statusCode).toBe(201);
    const key = `forms/${formId}/${sent.id}`;
    const local = createLocalPrivateStorage(path.join(t.config.dataDir, 'private'));
    expect(await local.read(key)).toBeDefined();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${team.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await t.db.select().from(forms).where(eq(forms.id, formId))).toEqual([]);
    expect(await t.db.select().from(formFileDeletions).where(eq(formFileDeletions.storageKey, key))).toHaveLength(1);

    await deleteOrphanFormUploads({ db: t.db, privateStorage: local, log: quietLog }, { now: new Date() });
    expect(await local.read(key)).toBeUndefined();
    expect(await t.db.select().from(formFileDeletions).where(eq(formFileDeletions.storageKey, key))).toEqual([]);
  });

  it('a storage failure never blocks the delete: it is logged, and the hourly job removes the bytes later', async () => {
    const formId = await newForm();
    const clientId = randomUUID();
    const sent = (await upload(formId, { clientId })).json() as { id: string };
    expect((await submit(formId, clientId, [sent.id])).statusCode).toBe(201);
    const local = createLocalPrivateStorage(path.join(t.config.dataDir, 'private'));
    const down: PrivateFileStorage = {
      ...local,
      remove: async () => {
        throw new Error('storage is down');
      },
    };
    const errors: unknown[] = [];
    await deleteFormWithFiles(
      { db: t.db, privateStorage: down, log: { error: (entry: unknown) => errors.push(entry) } },
      formId,
      async (tx) => {
        await tx.delete(forms).where(eq(forms.id, formId));
      },
    );
    // The form is gone; its bytes are not, and their key waits in the queue.
    expect(await t.db.select().from(forms).where(eq(forms.id, formId))).toEqual([]);
    expect(errors).toHaveLength(1);
    const key = `forms/${formId}/${sent.id}`;
    expect(await t.db.select().from(formFileDeletions).where(eq(formFileDeletions.storageKey, key))).toHaveLength(1);
    expect(await local.read(key)).toBeDefined();

    // The hourly job (storage back) removes them and forgets the key; a second run finds nothing.
    await deleteOrphanFormUploads({ db: t.db, privateStorage: local, log: quietLog }, { now: new Date() });
    expect(await local.read(key)).toBeUndefined();
    expect(await t.db.select().from(formFileDeletions).where(eq(formFileDeletions.storageKey, key))).toEqual([]);
  });
});
