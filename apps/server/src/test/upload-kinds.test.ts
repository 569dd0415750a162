import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { formUploadDownloadPath } from '@huddle/shared/uploads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsUrlPrefix } from '../lib/storage/file-storage.ts';
import { isPublicUploadKind, uploadKinds, type UploadKind } from '../lib/storage/upload-kinds.ts';
import { apiAs, createCast, type Cast, type Person } from './authorization-matrix/cast.ts';
import { addressedCall, createPublishedForm, multipartFile, tinyPdf } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 30: message photos were public files. Every kind of upload (lib/storage/upload-kinds.ts)
 * is sent here through its own route and read back as anyone, as outsiders and as the people it
 * is for: a public kind is served to everyone from /uploads/, a private one only to its readers,
 * kept in their browsers alone, and 404 to everyone else. A new kind fails the type of `uploads`
 * until it has a row.
 */

interface Uploaded {
  url: string;
  /** Who may read a private kind (anyone reads a public one). */
  readers: Person[];
  /** Signed-in people who may not (anonymous never may). */
  outsiders: Person[];
}

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
});
afterAll(async () => {
  await t.close();
});

let png: Buffer | undefined;
async function sendPhoto(person: Person, url: string) {
  png ??= await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  const body = multipartFile(png, { field: 'photo', filename: 'p.png', contentType: 'image/png' });
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: person.cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

const uploads: Record<UploadKind, () => Promise<Uploaded>> = {
  avatars: async () => {
    const { owner, otherUser } = cast.people;
    return { url: (await sendPhoto(owner, '/api/me/photo')).photoURL, readers: [owner], outsiders: [otherUser] };
  },
  teams: async () => {
    const { owner, otherUser } = cast.people;
    const team = await sendPhoto(owner, `/api/teams/${cast.publicTeam.id}/photo`);
    return { url: team.photoURL, readers: [owner], outsiders: [otherUser] };
  },
  images: async () => {
    const { owner, otherUser } = cast.people;
    return { url: (await sendPhoto(owner, '/api/images')).url, readers: [owner], outsiders: [otherUser] };
  },
  messages: async () => {
    const { owner, member, organizer, otherUser } = cast.people;
    const direct = await apiAs<{ id: string }>(cast, owner, 'POST', '/api/conversations/direct', {
      userId: member.id,
    });
    const { imageUrl } = await sendPhoto(owner, `/api/conversations/${direct.id}/images`);
    await apiAs(cast, owner, 'POST', `/api/conversations/${direct.id}/messages`, { clientId: randomUUID(), imageUrl });
    // The organizer shares the team with both, not this conversation.
    return { url: imageUrl, readers: [owner, member], outsiders: [organizer, otherUser] };
  },
  forms: async () => {
    const { owner, member, otherUser } = cast.people;
    const call = addressedCall(() => t.app);
    const formId = await createPublishedForm(call, owner.cookie, {
      title: 'Waiver',
      teamId: cast.publicTeam.id,
      fields: [{ type: 'file', id: 'waiver', label: 'Signed waiver', required: true }],
      settings: {},
    });
    const body = multipartFile(tinyPdf, { filename: 'waiver.pdf', contentType: 'application/pdf' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/uploads?fieldId=waiver&clientId=${randomUUID()}`,
      headers: { cookie: member.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`form upload: ${uploaded.statusCode} ${uploaded.body}`);
    // Not sent yet: the form's organizers may not read it either.
    return {
      url: formUploadDownloadPath(formId, uploaded.json().id),
      readers: [member],
      outsiders: [owner, otherUser],
    };
  },
};

const read = (url: string, person?: Person) => t.app.inject({ url, headers: person ? { cookie: person.cookie } : {} });

describe('every kind of upload', () => {
  it.each(Object.keys(uploadKinds) as UploadKind[])('%s: served as its kind says, to whom it says', async (kind) => {
    const { url, readers, outsiders } = await uploads[kind]();
    if (isPublicUploadKind(kind)) {
      expect(url.startsWith(`${uploadsUrlPrefix}${kind}/`)).toBe(true);
      const seen = await read(url);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toMatch(/\bpublic\b/);
      return;
    }
    expect(url.startsWith(uploadsUrlPrefix)).toBe(false);
    for (const reader of readers) {
      const seen = await read(url, reader);
      expect(seen.statusCode, `${kind} for ${reader.name}`).toBe(200);
      expect(seen.headers['cache-control'], `${kind} for ${reader.name}`).toMatch(/^private\b/);
    }
    for (const outsider of [undefined, ...outsiders]) {
      const refused = await read(url, outsider);
      expect(refused.statusCode, `${kind} for ${outsider?.name ?? 'anonymous'}`).toBe(404);
      expect(refused.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('leaves nothing but the public kinds in the public folder', async () => {
    for (const kind of Object.keys(uploadKinds) as UploadKind[]) await uploads[kind]();
    const folders = await readdir(path.join(t.config.dataDir, 'uploads'));
    expect(folders.filter((folder) => !isPublicUploadKind(folder))).toEqual([]);
  });
});
