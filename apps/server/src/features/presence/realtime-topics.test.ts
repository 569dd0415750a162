import { realtimeLimits, topicRefusedEvent } from '@huddle/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import {
  connectRealtime,
  createTeamAs,
  nextRealtimeEvent,
  signUpUser,
  tournamentBodyFor,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Decision 055: the realtime socket opened signed out, public topics over the wire, and the
 * limits per client address (socket opens a minute lowered to 25 here, to stay quick).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REALTIME_OPEN_RATE_LIMIT_MAX: '25' });
});
afterAll(async () => {
  await t.close();
});

const send = (socket: WebSocket, message: object | string) =>
  socket.send(typeof message === 'string' ? message : JSON.stringify(message));
const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) => {
    if (socket.readyState === socket.CLOSED) resolve(1006);
    else socket.once('close', (code) => resolve(code));
  });

async function publicTournament() {
  const owner = await signUpUser(t.app);
  const team = await createTeamAs(t.app, owner.cookie);
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${team.id}/tournaments`,
    headers: { cookie: owner.cookie },
    payload: tournamentBodyFor(),
  });
  expect(created.statusCode, created.body).toBe(201);
  return { owner, id: created.json().id as string };
}

/** Changes the tournament's name, which announces it to its topic. */
const rename = (id: string, cookie: string, version: number, name: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/tournaments/${id}`,
    headers: { cookie },
    payload: tournamentBodyFor({ name, version }),
  });

describe('the realtime socket signed out', () => {
  it('joins a public topic, hears it, ignores junk, refuses what it may not join, and leaves on unsubscribe', async () => {
    const { owner, id } = await publicTournament();
    const topic = `tournament:${id}`;
    const { socket, events } = await connectRealtime(t.app, '', { address: '198.51.100.1' });
    send(socket, 'not json');
    send(socket, { type: 'subscribe', topic: 42 });
    send(socket, { type: 'subscribe', topic: 'events:whatever' });
    send(socket, { type: 'subscribe', topic });
    expect(await nextRealtimeEvent(events, (event) => event.type === topicRefusedEvent)).toEqual({
      type: topicRefusedEvent,
      topic: 'events:whatever',
    });
    // The subscription is checked against the database: wait until it answers by hearing an update.
    let version = 0;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await rename(id, owner.cookie, version, `Open Smash ${attempt}`)).statusCode).toBe(200);
      version += 1;
      if (events.some((event) => event.topic === topic)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await nextRealtimeEvent(events, (event) => event.topic === topic)).toEqual({
      type: 'tournament.updated',
      tournamentId: id,
      topic,
    });
    expect(events.filter((event) => event.type === topicRefusedEvent)).toHaveLength(1);

    send(socket, { type: 'unsubscribe', topic });
    await new Promise((resolve) => setTimeout(resolve, 50));
    events.length = 0;
    expect((await rename(id, owner.cookie, version, 'Open Smash again')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);
    socket.terminate();
  });

  it('is not closed when someone signs out; their own signed-in socket is', async () => {
    const person = await signUpUser(t.app);
    const spectator = await connectRealtime(t.app, '', { address: '198.51.100.2' });
    const own = await connectRealtime(t.app, person.cookie, { address: '198.51.100.2' });
    const ownClosed = closed(own.socket);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: person.cookie } });
    expect(await ownClosed).toBe(4001);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(spectator.socket.readyState).toBe(spectator.socket.OPEN);
    spectator.socket.terminate();
  });

  it('holds 20 signed-out sockets per client address, opened at once, then counts opens a minute', async () => {
    const address = '198.51.100.3';
    const attempts = await Promise.allSettled(
      Array.from({ length: 24 }, () => connectRealtime(t.app, '', { address })),
    );
    const opened = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value.socket] : []));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stillOpen = opened.filter((socket) => socket.readyState === socket.OPEN);
    expect(stillOpen).toHaveLength(realtimeLimits.signedOutSocketsPerAddress);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') expect(String(attempt.reason)).toMatch(/429|closed \(1008\)/);
    }
    // Another address is not held back by this one.
    const elsewhere = await connectRealtime(t.app, '', { address: '198.51.100.4' });

    // Closing some makes room, but this address has opened 24 sockets this minute: the 25th
    // is allowed and the 26th refused.
    // (terminate: injectWS's in-memory streams never finish a close handshake.)
    for (const socket of stillOpen.splice(0, 5)) socket.terminate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const twentyFifth = await connectRealtime(t.app, '', { address });
    await expect(connectRealtime(t.app, '', { address })).rejects.toThrow(/429/);
    for (const socket of [...stillOpen, twentyFifth.socket, elsewhere.socket]) socket.terminate();
  });
});
