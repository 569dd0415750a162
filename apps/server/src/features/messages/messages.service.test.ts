import { randomUUID } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messagesMessages } from '@huddle/shared/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMailTo } from '../../lib/mail/outbox.repository.ts';
import {
  connectRealtime,
  createEventAs,
  createTeamAs,
  insertParty,
  insertPlace,
  signUpUser,
  turnOffMail,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sql } from 'drizzle-orm';
import { insertMessage } from './messages.repository.ts';
import { messages } from './messages.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

type Person = Awaited<ReturnType<typeof signUpUser>>;

async function direct(from: Person, to: Person): Promise<string> {
  const response = await call('POST', '/api/conversations/direct', from.cookie, { userId: to.user.id });
  expect(response.statusCode).toBe(200);
  return response.json().id;
}

const send = (person: Person, conversationId: string, text: string, clientId: string = randomUUID()) =>
  call('POST', `/api/conversations/${conversationId}/messages`, person.cookie, { clientId, text });

const unread = async (person: Person) =>
  (await call('GET', '/api/conversations/unread', person.cookie)).json().unreadCount as number;

const texts = async (person: Person, conversationId: string, query = '') =>
  (await call('GET', `/api/conversations/${conversationId}/messages${query}`, person.cookie))
    .json()
    .messages.map((message: { text: string }) => message.text);

const connect = (cookie: string) => connectRealtime(t.app, cookie);

async function eventually(check: () => boolean) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not reached');
}

describe('one-to-one conversations', () => {
  it('is one conversation per pair, whoever opens it', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const [first, second] = await Promise.all([direct(a, b), direct(b, a)]);
    expect(first).toBe(second);
    const reply = (await call('GET', `/api/conversations/${first}`, a.cookie)).json();
    expect(reply).toMatchObject({ kind: 'direct', title: b.body.name, canPost: true, otherPerson: { id: b.user.id } });
  });

  it('counts unread for the recipient only, until opened and marked read', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    expect((await send(a, id, 'Hi there')).statusCode).toBe(201);
    expect((await send(a, id, 'Game tonight?')).statusCode).toBe(201);
    expect(await unread(a)).toBe(0);
    expect(await unread(b)).toBe(2);
    const list = (await call('GET', '/api/conversations', b.cookie)).json().conversations;
    expect(list).toMatchObject([{ id, unreadCount: 2, lastMessage: { text: 'Game tonight?', senderId: a.user.id } }]);

    const read = await call('POST', `/api/conversations/${id}/read`, b.cookie, {});
    expect(read.json()).toEqual({ unreadCount: 0 });
    expect(await unread(b)).toBe(0);
    // B's reply is unread for A, never for B.
    await send(b, id, 'Yes!');
    expect(await unread(a)).toBe(1);
    expect(await unread(b)).toBe(0);
  });

  it('lists conversations with a message, newest activity first', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const c = await signUpUser(t.app);
    const d = await signUpUser(t.app);
    const withB = await direct(a, b);
    const withC = await direct(a, c);
    await direct(a, d);
    await send(b, withB, 'first');
    await send(c, withC, 'second');
    await send(b, withB, 'third');
    const list = (await call('GET', '/api/conversations', a.cookie)).json().conversations;
    expect(list.map((item: { id: string; unreadCount: number }) => [item.id, item.unreadCount])).toEqual([
      [withB, 2],
      [withC, 1],
    ]);
    expect(list[0].lastMessage).toMatchObject({ text: 'third', senderName: b.body.name });
  });

  it('does not count a deleted message, nor a muted conversation in the total', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    const sent = (await send(a, id, 'oops')).json();
    await send(a, id, 'second');
    await call('DELETE', `/api/conversations/${id}/messages/${sent.id}`, a.cookie);
    expect(await unread(b)).toBe(1);
    await call('PATCH', `/api/conversations/${id}`, b.cookie, { muted: true });
    expect(await unread(b)).toBe(0);
    const list = (await call('GET', '/api/conversations', b.cookie)).json().conversations;
    expect(list).toMatchObject([{ id, muted: true, unreadCount: 1 }]);
  });

  it('sends once per client id: a retry returns the first message', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    const clientId = randomUUID();
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => send(a, id, 'Only once', clientId)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(replies.map((reply) => reply.json().id)).size).toBe(1);
    expect(await texts(b, id)).toEqual(['Only once']);
    // The same id in another conversation is a conflict, not a message there.
    const c = await signUpUser(t.app);
    const other = await direct(a, c);
    expect((await send(a, other, 'Only once', clientId)).statusCode).toBe(409);
  });

  it('refuses an empty message and text over the limit, beside the field', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    const empty = await send(a, id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.text).toEqual([messagesMessages.emptyMessage]);
    expect((await send(a, id, 'x'.repeat(4001))).statusCode).toBe(400);
    const foreignImage = await call('POST', `/api/conversations/${id}/messages`, a.cookie, {
      clientId: randomUUID(),
      text: '',
      imageUrl: 'https://evil.example/messages/x.webp',
    });
    expect(foreignImage.statusCode).toBe(400);
    expect(foreignImage.json().error.fields.imageUrl).toBeDefined();
  });

  it('cannot message yourself or someone who does not exist', async () => {
    const a = await signUpUser(t.app);
    expect((await call('POST', '/api/conversations/direct', a.cookie, { userId: a.user.id })).statusCode).toBe(400);
    expect((await call('POST', '/api/conversations/direct', a.cookie, { userId: 'nobody' })).statusCode).toBe(404);
  });
});

describe('sending order', () => {
  it('gives a conversation its seq in commit order: a second sender waits for the first to commit', async () => {
    const ana = await signUpUser(t.app, { name: 'Ana Order' });
    const ben = await signUpUser(t.app, { name: 'Ben Order' });
    const cleo = await signUpUser(t.app, { name: 'Cleo Order' });
    const conversationId = await direct(ana, ben);
    const otherConversationId = await direct(ana, cleo);
    const values = (senderId: string, text: string, inConversation = conversationId) => ({
      conversationId: inConversation,
      senderId,
      clientId: randomUUID(),
      text,
      imageUrl: null,
    });

    // Ana's message is inserted and not yet committed (its transaction is held open).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: (seq: number) => void;
    const firstSeq = new Promise<number>((resolve) => (inserted = resolve));
    const first = t.db.transaction(async (tx) => {
      const row = await insertMessage(tx, values(ana.user.id, 'first'));
      inserted(Number(row!.seq));
      await held;
    });
    const seqOfFirst = await firstSeq;

    // Another conversation is not held up; Ben's message in this one waits for Ana's commit.
    await insertMessage(t.db, values(ana.user.id, 'elsewhere', otherConversationId));
    let secondDone = false;
    const second = insertMessage(t.db, values(ben.user.id, 'second')).then((row) => {
      secondDone = true;
      return row;
    });
    // It is seen waiting on the conversation's lock, and has not returned.
    let waiting = 0;
    for (let attempt = 0; attempt < 100 && waiting === 0; attempt += 1) {
      const result = await t.db.execute<{ waiting: number }>(
        sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      waiting = result.rows[0]?.waiting ?? 0;
      if (waiting === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(waiting).toBe(1);
    expect(secondDone).toBe(false);

    release();
    await first;
    const row = await second;
    expect(Number(row!.seq)).toBeGreaterThan(seqOfFirst);
    expect(await texts(ben, conversationId)).toEqual(['first', 'second']);
  });
});

describe('blocking', () => {
  it('stops writing both ways and hides the conversation from the one who blocked', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    await send(b, id, 'hello');
    const blocked = await call('PATCH', `/api/conversations/${id}`, a.cookie, { blocked: true });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      blocked: true,
      canPost: false,
      cannotPostReason: messagesMessages.blockedByYou,
    });
    // Through the one blocklist of Settings.
    const blocklist = (await call('GET', '/api/me/blocked-users', a.cookie)).json();
    expect(JSON.stringify(blocklist)).toContain(b.user.id);

    expect((await call('GET', '/api/conversations', a.cookie)).json().conversations).toEqual([]);
    expect(await unread(a)).toBe(0);
    const fromB = await send(b, id, 'are you there?');
    expect(fromB.statusCode).toBe(403);
    expect(fromB.json().error.message).toBe(messagesMessages.blockedByThem);
    const fromA = await send(a, id, 'bye');
    expect(fromA.statusCode).toBe(403);
    expect(fromA.json().error.message).toBe(messagesMessages.blockedByYou);
    // B still reads the history.
    expect(await texts(b, id)).toEqual(['hello']);

    await call('PATCH', `/api/conversations/${id}`, a.cookie, { blocked: false });
    expect((await send(b, id, 'friends again')).statusCode).toBe(201);
  });

  it('is for one-to-one conversations only', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const id = (await call('POST', `/api/teams/${team.id}/conversation`, owner.cookie)).json().id;
    expect((await call('PATCH', `/api/conversations/${id}`, owner.cookie, { blocked: true })).statusCode).toBe(400);
  });
});

describe('messagesFromAnyone off', () => {
  const privacy = {
    messagesFromAnyone: false,
    publicBadges: true,
    publicOnlineStatus: true,
    publicUpcomingGames: true,
  };

  it('lets only teammates and people played with start a conversation', async () => {
    const quiet = await signUpUser(t.app);
    await call('PUT', '/api/me/privacy', quiet.cookie, { privacy });
    const stranger = await signUpUser(t.app);
    const teammate = await signUpUser(t.app);
    const player = await signUpUser(t.app);

    const strangerId = await direct(stranger, quiet);
    const refused = await send(stranger, strangerId, 'hey');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messagesMessages.onlyPeopleTheyKnow);

    const team = await createTeamAs(t.app, quiet.cookie, { joinPolicy: 'open' });
    expect((await call('POST', `/api/teams/${team.id}/join`, teammate.cookie)).statusCode).toBe(200);
    expect((await send(teammate, await direct(teammate, quiet), 'see you Sunday')).statusCode).toBe(201);

    const place = await insertPlace(t.db);
    const event = await createEventAs(t.app, quiet.cookie, place.id);
    await insertParty(t.db, {
      eventId: event.id,
      userId: player.user.id,
      occurrenceStartsAt: new Date(event.next!.startsAt),
    });
    expect((await send(player, await direct(player, quiet), 'good game')).statusCode).toBe(201);
  });

  it('does not stop replies once the conversation has begun', async () => {
    const quiet = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const id = await direct(quiet, other);
    await send(quiet, id, 'hi');
    await call('PUT', '/api/me/privacy', quiet.cookie, { privacy });
    expect((await send(other, id, 'hi back')).statusCode).toBe(201);
  });
});

describe('team conversations', () => {
  it('is for members; organizers can make it announcements-only', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'open' });
    await call('POST', `/api/teams/${team.id}/join`, member.cookie);

    const opened = await call('POST', `/api/teams/${team.id}/conversation`, member.cookie);
    expect(opened.json()).toMatchObject({ kind: 'team', title: team.name, canPost: true, canManage: false });
    const id = opened.json().id;
    expect((await call('POST', `/api/teams/${team.id}/conversation`, outsider.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/conversations/${id}`, outsider.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/conversations/${id}/messages`, outsider.cookie)).statusCode).toBe(404);
    expect((await send(outsider, id, 'let me in')).statusCode).toBe(404);

    expect((await send(owner, id, 'Welcome!')).statusCode).toBe(201);
    expect(await unread(member)).toBe(1);

    expect(
      (await call('PATCH', `/api/conversations/${id}`, member.cookie, { announcementsOnly: true })).statusCode,
    ).toBe(403);
    const switched = await call('PATCH', `/api/conversations/${id}`, owner.cookie, { announcementsOnly: true });
    expect(switched.json()).toMatchObject({ announcementsOnly: true, canPost: true });
    const refused = await send(member, id, 'me too');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messagesMessages.announcementsOnly);
    expect((await send(owner, id, 'Practice moved to 7')).statusCode).toBe(201);

    // Someone who joins later reads the history; only what comes after counts as unread.
    const latecomer = await signUpUser(t.app);
    await call('POST', `/api/teams/${team.id}/join`, latecomer.cookie);
    expect(await unread(latecomer)).toBe(0);
    expect(await texts(latecomer, id)).toEqual(['Welcome!', 'Practice moved to 7']);
    await send(owner, id, 'Bring water');
    expect(await unread(latecomer)).toBe(1);

    // Leaving the team leaves its conversation.
    await call('POST', `/api/teams/${team.id}/leave`, member.cookie);
    expect((await call('GET', `/api/conversations/${id}`, member.cookie)).statusCode).toBe(404);
    expect(await unread(member)).toBe(0);
  });
});

describe('event conversations', () => {
  it('holds the organizer and everyone joined or waiting, no one else', async () => {
    const organizer = await signUpUser(t.app);
    const joined = await signUpUser(t.app);
    const waiting = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const place = await insertPlace(t.db);
    const event = await createEventAs(t.app, organizer.cookie, place.id);
    const occurrenceStartsAt = new Date(event.next!.startsAt);
    await insertParty(t.db, { eventId: event.id, userId: joined.user.id, occurrenceStartsAt });
    await insertParty(t.db, { eventId: event.id, userId: waiting.user.id, occurrenceStartsAt, status: 'waitlisted' });

    const opened = await call('POST', `/api/events/${event.id}/conversation`, organizer.cookie);
    expect(opened.json()).toMatchObject({ kind: 'event', title: event.title, canManage: true });
    const id = opened.json().id;
    expect((await call('POST', `/api/events/${event.id}/conversation`, outsider.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/conversations/${id}`, outsider.cookie)).statusCode).toBe(404);

    await send(organizer, id, 'Bring a white shirt');
    expect(await unread(joined)).toBe(1);
    expect(await unread(waiting)).toBe(1);
    expect(await unread(outsider)).toBe(0);
    expect((await send(joined, id, 'Will do')).statusCode).toBe(201);
  });

  it('is 404 for an event that does not exist', async () => {
    const a = await signUpUser(t.app);
    expect((await call('POST', `/api/events/${randomUUID()}/conversation`, a.cookie)).statusCode).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('is for the sender only; a deleted message keeps its place without its words', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    const sent = (await send(a, id, 'Meet at 6')).json();
    const url = `/api/conversations/${id}/messages/${sent.id}`;
    expect((await call('PATCH', url, b.cookie, { text: 'hacked' })).statusCode).toBe(403);
    expect((await call('DELETE', url, b.cookie)).statusCode).toBe(403);

    const edited = await call('PATCH', url, a.cookie, { text: 'Meet at 7' });
    expect(edited.json()).toMatchObject({ text: 'Meet at 7', editedAt: expect.any(String) });
    const deleted = await call('DELETE', url, a.cookie);
    expect(deleted.json()).toMatchObject({ text: '', deletedAt: expect.any(String) });
    expect((await call('PATCH', url, a.cookie, { text: 'back' })).statusCode).toBe(404);
    expect(await texts(b, id)).toEqual(['']);
    // A message of another conversation is not found through this one.
    const c = await signUpUser(t.app);
    const other = await direct(a, c);
    const elsewhere = (await send(a, other, 'elsewhere')).json();
    expect(
      (await call('PATCH', `/api/conversations/${id}/messages/${elsewhere.id}`, a.cookie, { text: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('reading the thread', () => {
  it('pages older by cursor and resumes after a message id', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    const sent = [];
    for (let n = 1; n <= 7; n += 1) sent.push((await send(a, id, `m${n}`)).json());

    const newest = (await call('GET', `/api/conversations/${id}/messages?limit=3`, b.cookie)).json();
    expect(newest.messages.map((m: { text: string }) => m.text)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.hasMore).toBe(true);
    const older = (
      await call('GET', `/api/conversations/${id}/messages?limit=3&before=${newest.messages[0].id}`, b.cookie)
    ).json();
    expect(older.messages.map((m: { text: string }) => m.text)).toEqual(['m2', 'm3', 'm4']);
    const oldest = (
      await call('GET', `/api/conversations/${id}/messages?limit=3&before=${older.messages[0].id}`, b.cookie)
    ).json();
    expect(oldest).toMatchObject({ messages: [{ text: 'm1' }], hasMore: false });

    expect(await texts(b, id, `?after=${sent[4].id}`)).toEqual(['m6', 'm7']);
    expect(await texts(b, id, `?after=${sent[6].id}`)).toEqual([]);
    expect((await call('GET', `/api/conversations/${id}/messages?after=${randomUUID()}`, b.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/conversations/${id}/messages?after=x&before=y`, b.cookie)).statusCode).toBe(400);
  });

  it('marks read up to a message and never moves the mark back', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    const first = (await send(a, id, 'one')).json();
    await send(a, id, 'two');
    await call('POST', `/api/conversations/${id}/read`, b.cookie, {});
    await call('POST', `/api/conversations/${id}/read`, b.cookie, { upTo: first.id });
    expect(await unread(b)).toBe(0);
  });
});

describe('realtime', () => {
  it('pushes new, edited and deleted messages to every member tab, and unread changes to the reader', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const id = await direct(a, b);
    const bTab1 = await connect(b.cookie);
    const bTab2 = await connect(b.cookie);
    const aTab = await connect(a.cookie);
    const outsiderTab = await connect(outsider.cookie);

    const sent = (await send(a, id, 'live')).json();
    await eventually(() => bTab1.events.length >= 1 && bTab2.events.length >= 1 && aTab.events.length >= 1);
    expect(bTab1.events[0]).toMatchObject({ type: 'message.created', conversationId: id, message: { id: sent.id } });
    expect(bTab2.events[0]).toMatchObject({ type: 'message.created' });

    await call('PATCH', `/api/conversations/${id}/messages/${sent.id}`, a.cookie, { text: 'live!' });
    await call('DELETE', `/api/conversations/${id}/messages/${sent.id}`, a.cookie);
    await call('POST', `/api/conversations/${id}/read`, b.cookie, {});
    // The notification of the message (notifications feature) rides the same socket; left aside here.
    const messageEvents = () => bTab2.events.filter((event) => !event.type.startsWith('notification'));
    await eventually(() => messageEvents().length >= 4);
    expect(messageEvents().map((event) => event.type)).toEqual([
      'message.created',
      'message.updated',
      'message.deleted',
      'unread.changed',
    ]);
    expect(messageEvents()[3]).toMatchObject({ unreadCount: 0 });
    expect(bTab2.events.map((event) => event.type)).toContain('notification.created');
    expect(outsiderTab.events).toEqual([]);

    // A block changes who may write: both sides read the conversation again.
    await call('PATCH', `/api/conversations/${id}`, a.cookie, { blocked: true });
    await eventually(() => bTab1.events.some((event) => event.type === 'conversation.changed'));
    expect(bTab1.events.at(-1)).toMatchObject({ type: 'conversation.changed', conversationId: id });
    for (const tab of [bTab1, bTab2, aTab, outsiderTab]) tab.socket.terminate();
  });
});

describe('photos', () => {
  async function upload(person: Person, conversationId: string) {
    const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2277aa' } })
      .png()
      .toBuffer();
    const boundary = '----huddle-message-photo';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="court.png"\r\nContent-Type: image/png\r\n\r\n`;
    return t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/images`,
      headers: { cookie: person.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  }

  it('sends a photo uploaded for this conversation, kept in its shape, and no one else’s', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    const uploaded = await upload(a, id);
    expect(uploaded.statusCode).toBe(200);
    const { imageUrl } = uploaded.json();
    const stored = await t.app.inject({ url: imageUrl, headers: { cookie: a.cookie } });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 720]);

    // B cannot send A's photo as their own, nor can it travel to another conversation.
    const asB = await call('POST', `/api/conversations/${id}/messages`, b.cookie, { clientId: randomUUID(), imageUrl });
    expect(asB.statusCode).toBe(400);
    const c = await signUpUser(t.app);
    const elsewhere = await direct(a, c);
    const moved = await call('POST', `/api/conversations/${elsewhere}/messages`, a.cookie, {
      clientId: randomUUID(),
      imageUrl,
    });
    expect(moved.statusCode).toBe(400);

    const sent = await call('POST', `/api/conversations/${id}/messages`, a.cookie, {
      clientId: randomUUID(),
      imageUrl,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ text: '', imageUrl });
    // Decision 026: the conversation's members see it, kept in their browser only; anyone else gets 404.
    for (const member of [a, b]) {
      const seen = await t.app.inject({ url: imageUrl, headers: { cookie: member.cookie } });
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['content-type']).toBe('image/webp');
      expect(seen.headers['cache-control']).toMatch(/^private\b/);
    }
    for (const headers of [{}, { cookie: c.cookie }]) {
      const refused = await t.app.inject({ url: imageUrl, headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    // Deleting the message removes the photo.
    await call('DELETE', `/api/conversations/${id}/messages/${sent.json().id}`, a.cookie);
    expect((await t.app.inject({ url: imageUrl, headers: { cookie: a.cookie } })).statusCode).toBe(404);
    // An outsider cannot upload into the conversation.
    expect((await upload(c, id)).statusCode).toBe(404);
  });
});

describe('a photo sent before decision 061, in the public folder', () => {
  it('is never served from /uploads/, and shown to the members only, at the checked address', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const c = await signUpUser(t.app);
    const id = await direct(a, b);
    const imageName = `${a.user.id}-0123456789abcdef.webp`;
    const file = path.join(t.config.dataDir, 'uploads', 'messages', id, imageName);
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#aa3322' } })
      .webp()
      .toBuffer();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    const legacyUrl = `/uploads/messages/${id}/${imageName}`;
    await t.db
      .insert(messages)
      .values({ conversationId: id, senderId: a.user.id, clientId: randomUUID(), text: '', imageUrl: legacyUrl });

    for (const url of [
      legacyUrl,
      `/uploads/./messages/${id}/${imageName}`,
      `/uploads//messages/${id}/${imageName}`,
      `/uploads/%6Dessages/${id}/${imageName}`,
      `/uploads/avatars/../messages/${id}/${imageName}`,
      `/uploads/avatars/%2e%2e/messages/${id}/${imageName}`,
    ]) {
      for (const headers of [{}, { cookie: b.cookie }]) {
        expect((await t.app.inject({ url, headers })).statusCode, url).not.toBe(200);
      }
    }
    const [message] = (await call('GET', `/api/conversations/${id}/messages`, b.cookie)).json().messages;
    expect(message.imageUrl).toBe(`/api/conversations/${id}/images/${imageName}`);
    const seen = await t.app.inject({ url: message.imageUrl, headers: { cookie: b.cookie } });
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(bytes)).toBe(true);
    expect((await t.app.inject({ url: message.imageUrl, headers: { cookie: c.cookie } })).statusCode).toBe(404);

    await call('DELETE', `/api/conversations/${id}/messages/${message.id}`, a.cookie);
    await expect(access(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('flooding', () => {
  it('limits one person to 40 sends a minute', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    const statuses = [];
    for (let n = 0; n < 41; n += 1) statuses.push((await send(a, id, `spam ${n}`)).statusCode);
    expect(statuses.slice(0, 40).every((status) => status === 201)).toBe(true);
    expect(statuses[40]).toBe(429);
    // Someone else in the same conversation is not held back by it.
    expect((await send(b, id, 'stop')).statusCode).toBe(201);
  });
});

describe('online status in a one-to-one conversation', () => {
  it('shows the other person online only while connected, if they show it, and never across a block', async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const id = await direct(a, b);
    const online = async () => (await call('GET', `/api/conversations/${id}`, a.cookie)).json().otherPerson.online;
    expect(await online()).toBe(false);
    const tab = await connect(b.cookie);
    expect(await online()).toBe(true);
    await call('PUT', '/api/me/privacy', b.cookie, {
      privacy: { messagesFromAnyone: true, publicBadges: true, publicOnlineStatus: false, publicUpcomingGames: true },
    });
    expect(await online()).toBe(false);
    await call('PUT', '/api/me/privacy', b.cookie, {
      privacy: { messagesFromAnyone: true, publicBadges: true, publicOnlineStatus: true, publicUpcomingGames: true },
    });
    await call('POST', '/api/me/blocked-users', b.cookie, { userId: a.user.id });
    expect(await online()).toBe(false);
    tab.socket.terminate();
  });
});

describe('notifications of new messages', () => {
  const itemsOf = async (person: Person) =>
    (await call('GET', '/api/me/notifications', person.cookie)).json().notifications as {
      kind: string;
      category: string;
      title: string;
      body: string;
      link: string;
    }[];
  const mailsTo = (person: Person) => listOutboxMailTo(t.db, person.user.email);

  it('reach team members away from the thread by notification and mail, not the sender, nor who muted it', async () => {
    const owner = await signUpUser(t.app, { name: 'Coach Kim' });
    const member = await signUpUser(t.app);
    const muter = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'open' });
    for (const person of [member, muter]) await call('POST', `/api/teams/${team.id}/join`, person.cookie);
    const id = (await call('POST', `/api/teams/${team.id}/conversation`, owner.cookie)).json().id;
    await call('PATCH', `/api/conversations/${id}`, muter.cookie, { muted: true });

    expect((await send(owner, id, 'Practice moved to 7 pm at Zilker.')).statusCode).toBe(201);

    expect(await itemsOf(member)).toEqual([
      expect.objectContaining({
        kind: 'teamMessage',
        category: 'teamMessage',
        title: `Coach Kim in ${team.name}`,
        body: 'Practice moved to 7 pm at Zilker.',
        link: `/messages/${id}`,
      }),
    ]);
    const [mail] = await mailsTo(member);
    expect(mail?.subject).toBe(`Coach Kim in ${team.name}`);
    expect(mail?.text).toContain(`/messages/${id}`);
    expect(await itemsOf(owner)).toEqual([]);
    expect(await itemsOf(muter)).toEqual([]);
  });

  it('obey the directMessage setting for mail, and skip people who blocked the sender', async () => {
    const sender = await signUpUser(t.app, { name: 'Ana' });
    const quiet = await signUpUser(t.app);
    await turnOffMail(t.db, quiet.user.id, 'directMessage');
    const id = await direct(sender, quiet);
    const mailsBefore = (await mailsTo(quiet)).length;
    await send(sender, id, 'x'.repeat(200));
    const [item] = await itemsOf(quiet);
    expect(item).toMatchObject({ kind: 'directMessage', title: 'Message from Ana', link: `/messages/${id}` });
    // A long message is quoted, not copied whole.
    expect(item?.body).toHaveLength(140);
    expect((await mailsTo(quiet)).length).toBe(mailsBefore);

    // A group chat where someone blocked the sender: they hear nothing of it.
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'open' });
    for (const person of [sender, quiet]) await call('POST', `/api/teams/${team.id}/join`, person.cookie);
    await call('POST', '/api/me/blocked-users', quiet.cookie, { userId: sender.user.id });
    const teamChat = (await call('POST', `/api/teams/${team.id}/conversation`, sender.cookie)).json().id;
    await send(sender, teamChat, 'Anyone for doubles?');
    expect((await itemsOf(quiet)).map((notice) => notice.link)).toEqual([`/messages/${id}`]);
    expect((await itemsOf(owner)).map((notice) => notice.link)).toEqual([`/messages/${teamChat}`]);
  });
});
