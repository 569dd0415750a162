import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderFrom, realtimeUpgrade, signUpUser, signUpVerifiedUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function connect(cookie: string): Promise<WebSocket> {
  let connected!: Promise<void>;
  const socket = await t.app.injectWS('/api/realtime', realtimeUpgrade(cookie), {
    // Listen before the socket opens: the server greets as soon as the connection is recorded.
    onInit(ws) {
      connected = new Promise<void>((resolve, reject) => {
        ws.once('message', (data) =>
          JSON.parse(String(data)).type === 'connected' ? resolve() : reject(new Error(String(data))),
        );
        ws.once('close', () => reject(new Error('closed before connected')));
      });
    },
  });
  await connected;
  return socket;
}

const closed = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

async function onlineAsSeenBy(ownerId: string, viewerCookie: string): Promise<boolean | null> {
  return (await t.app.inject({ url: `/api/users/${ownerId}/profile`, headers: { cookie: viewerCookie } })).json()
    .online;
}

async function eventually(check: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not reached');
}

describe('presence', () => {
  it('is online while a tab holds the socket, offline when the last one closes', async () => {
    const owner = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    expect(await onlineAsSeenBy(owner.user.id, viewer.cookie)).toBe(false);
    const firstTab = await connect(owner.cookie);
    const secondTab = await connect(owner.cookie);
    expect(await onlineAsSeenBy(owner.user.id, viewer.cookie)).toBe(true);
    firstTab.terminate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await onlineAsSeenBy(owner.user.id, viewer.cookie)).toBe(true);
    secondTab.terminate();
    await eventually(async () => (await onlineAsSeenBy(owner.user.id, viewer.cookie)) === false);
  });

  it('goes offline on sign-out and closes the open tabs', async () => {
    const owner = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    const socket = await connect(owner.cookie);
    const closing = closed(socket);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: owner.cookie } });
    expect(await closing).toBe(4001);
    expect(await onlineAsSeenBy(owner.user.id, viewer.cookie)).toBe(false);
  });

  it('signing out on one device leaves the other connected and online', async () => {
    const owner = await signUpVerifiedUser(t);
    const viewer = await signUpUser(t.app);
    const secondSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: owner.body.email, password: owner.body.password },
    });
    const phoneCookie = cookieHeaderFrom(secondSignIn.headers['set-cookie']);
    const laptop = await connect(owner.cookie);
    const phone = await connect(phoneCookie);
    const laptopClosed = closed(laptop);
    let phoneClosed = false;
    phone.once('close', () => (phoneClosed = true));
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: owner.cookie } });
    expect(await laptopClosed).toBe(4001);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(phoneClosed).toBe(false);
    expect(await onlineAsSeenBy(owner.user.id, viewer.cookie)).toBe(true);
    phone.terminate();
  });

  it('hides online status when the owner turns it off', async () => {
    const owner = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    const socket = await connect(owner.cookie);
    const privacy = {
      messagesFromAnyone: true,
      publicBadges: true,
      publicOnlineStatus: false,
      publicUpcomingGames: true,
    };
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/privacy',
      headers: { cookie: owner.cookie },
      payload: { privacy },
    });
    expect(await onlineAsSeenBy(owner.user.id, viewer.cookie)).toBeNull();
    socket.terminate();
  });

  it('opens a socket without a session for public topics only: nobody is online through it', async () => {
    const owner = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    const signedOut = await connect('');
    expect(await onlineAsSeenBy(owner.user.id, viewer.cookie)).toBe(false);
    signedOut.terminate();
  });
});
