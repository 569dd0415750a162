import { randomBytes, randomUUID } from 'node:crypto';
import { resyncEvent } from '@huddle/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { cookieHeaderFrom, signUpBodyFor } from '../../test/factories.ts';
import { startOwnRedis, stopOwnRedises, type OwnRedis } from '../../test/own-redis.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { startServerInstance, stopServerInstances, type ServerInstance } from '../../test/server-instance.ts';

/**
 * Issue 31, decision 067: realtime across three real instances on one database and one Redis
 * (of this file's own, as it is restarted here). A message sent through the first reaches a
 * socket on the third; a socket that reconnects to another instance gets what it missed (the web
 * app fetches `after` the last message it has, apps/web use-messages-realtime.ts); and when Redis
 * restarts under open sockets, the messages sent meanwhile are not lost: every socket is told to
 * resync, then delivery goes on.
 */
type Received = { type: string; [key: string]: unknown };
type Message = { id: string; text: string };

let redis: OwnRedis;
let database: TestDatabase;
let a: ServerInstance;
let b: ServerInstance;
let c: ServerInstance;

beforeAll(async () => {
  redis = await startOwnRedis();
  database = await createTestDatabase();
  const sessionSecret = randomBytes(24).toString('hex');
  const start = () =>
    startServerInstance({
      databaseUrl: database.url,
      redisUrl: redis.url,
      sessionSecret,
      publicOrigin: 'http://huddle.test',
    });
  [a, b, c] = await Promise.all([start(), start(), start()]);
}, 180_000);

afterAll(async () => {
  await stopServerInstances();
  await stopOwnRedises();
  await database?.close();
}, 60_000);

async function signUp(instance: ServerInstance) {
  const response = await fetch(`${instance.baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://huddle.test' },
    body: JSON.stringify(signUpBodyFor()),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, cookie: cookieHeaderFrom(response.headers.getSetCookie()) };
}

async function call<T>(instance: ServerInstance, method: string, path: string, cookie: string, body?: object) {
  const response = await fetch(`${instance.baseUrl}${path}`, {
    method,
    headers: { cookie, origin: 'http://huddle.test', ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A signed-in socket on `instance`, once greeted, with what it receives. */
async function connect(instance: ServerInstance, cookie: string) {
  const socket = new WebSocket(`${instance.baseUrl.replace('http', 'ws')}/api/realtime`, { headers: { cookie } });
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as Received);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  /** The first event received that `matches` (taken out of `received`). */
  const next = (matches: (event: Received) => boolean, what: string, timeoutMs = 15_000) =>
    new Promise<Received>((resolve, reject) => {
      const check = () => {
        const found = received.find(matches);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        received.splice(received.indexOf(found), 1);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  await next((event) => event.type === 'connected', 'greeting');
  const messageWith = (text: string) =>
    next(
      (event) => event.type === 'message.created' && (event.message as Message | undefined)?.text === text,
      `message "${text}"`,
    );
  const close = async () => {
    socket.close();
    await closed;
  };
  return { socket, next, messageWith, close };
}

describe('realtime across three instances', () => {
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  let conversationId: string;
  /** The last message Bob's app has: it resumes after it, as the web app does. */
  let lastSeen: string;

  const send = (text: string) =>
    call<Message>(a, 'POST', `/api/conversations/${conversationId}/messages`, alice.cookie, {
      clientId: randomUUID(),
      text,
    });
  /** What Bob's app fetches after a reconnect or a resync: the messages after the last it has. */
  const missedThrough = async (instance: ServerInstance) =>
    (
      await call<{ messages: Message[] }>(
        instance,
        'GET',
        `/api/conversations/${conversationId}/messages?after=${lastSeen}`,
        bob.cookie,
      )
    ).messages.map((message) => message.text);

  beforeAll(async () => {
    alice = await signUp(a);
    bob = await signUp(b);
    conversationId = (
      await call<{ id: string }>(a, 'POST', '/api/conversations/direct', alice.cookie, { userId: bob.id })
    ).id;
    lastSeen = (await send('hello')).id;
  });

  it('delivers a message sent through the first instance to a socket on the third', async () => {
    const onC = await connect(c, bob.cookie);
    const sent = await send('through a, to c');
    expect((await onC.messageWith('through a, to c')).message).toMatchObject({ id: sent.id, text: 'through a, to c' });
    lastSeen = sent.id;
    await onC.close();
  });

  it('gives a socket that reconnects to another instance what was sent while it was away', async () => {
    const onC = await connect(c, bob.cookie);
    await onC.close();
    await send('while away');
    const onB = await connect(b, bob.cookie);
    expect(await missedThrough(b)).toEqual(['while away']);
    // And it is live on its new instance.
    await send('after the move');
    await onB.messageWith('after the move');
    expect(await missedThrough(b)).toEqual(['while away', 'after the move']);
    lastSeen = (
      await call<{ messages: Message[] }>(b, 'GET', `/api/conversations/${conversationId}/messages`, bob.cookie)
    ).messages.at(-1)!.id;
    await onB.close();
  });

  it('tells open sockets to resync after a Redis restart, so nothing sent during it is missed, and delivers again', async () => {
    const onB = await connect(b, bob.cookie);
    const onC = await connect(c, bob.cookie);
    await redis.stop();
    // The write is answered while the bus is down; its realtime event cannot go out.
    await send('during the outage');
    await redis.start();
    for (const socket of [onB, onC]) await socket.next((event) => event.type === resyncEvent, 'resync');
    // What the app does on a resync: fetch after the last message it has.
    expect(await missedThrough(b)).toEqual(['during the outage']);
    expect(await missedThrough(c)).toEqual(['during the outage']);
    // The instances publish and listen again: the next message arrives live on both.
    await send('after the outage');
    await Promise.all([onB.messageWith('after the outage'), onC.messageWith('after the outage')]);
    await Promise.all([onB.close(), onC.close()]);
  }, 60_000);
});
