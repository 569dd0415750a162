import type { WebSocket } from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  collectMails,
  createEventAs,
  createTeamAs,
  insertPlace,
  realtimeUpgrade,
  signUpUser,
  turnOffMail,
} from '../../test/factories.ts';
import { seasonBodyFor } from '../../test/authorization-matrix/cast.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The services that tell people things through notify (issue 12), seen from the people told. */
const { mails, mailer } = collectMails();
let t: TestApp;
type User = Awaited<ReturnType<typeof signUpUser>>;
beforeAll(async () => {
  t = await createTestApp({}, { mailer });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mails.length = 0;
});

const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const itemsOf = async (person: User) =>
  (await t.app.inject({ method: 'GET', url: '/api/me/notifications', headers: { cookie: person.cookie } }))
    .json()
    .notifications.map((item: { kind: string; title: string; link: string }) => ({
      kind: item.kind,
      title: item.title,
      link: item.link,
    }));

describe('team notifications', () => {
  it('tells the organizers of a join request, and the requester when it is approved, not when asked twice', async () => {
    const owner = await signUpUser(t.app);
    const requester = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { joinPolicy: 'request' });
    expect((await post(`/api/teams/${team.id}/join`, requester.cookie)).statusCode).toBe(200);
    expect((await post(`/api/teams/${team.id}/join`, requester.cookie)).statusCode).toBe(200);
    expect(await itemsOf(owner)).toEqual([
      {
        kind: 'joinRequest',
        title: `${requester.body.name} asked to join ${team.name}`,
        link: `/team/${team.id}`,
      },
    ]);
    expect(mails.map((mail) => mail.to)).toEqual([owner.user.email]);

    await post(`/api/teams/${team.id}/join-requests/${requester.user.id}/approve`, owner.cookie);
    expect(await itemsOf(requester)).toEqual([
      { kind: 'joinRequestAnswered', title: `You're in ${team.name}`, link: `/team/${team.id}` },
    ]);
  });

  it('puts an invitation to an account holder on their page, and mails it as their teamJoin switch says', async () => {
    const owner = await signUpUser(t.app);
    const invitee = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    await post(`/api/teams/${team.id}/invitations`, owner.cookie, { email: invitee.user.email });
    const [item] = await itemsOf(invitee);
    expect(item).toMatchObject({ kind: 'teamInvitation', title: `Invitation to join ${team.name}` });
    expect(item.link).toMatch(/^\/invite\/[\w-]+$/);
    // The invitation mail keeps its own text, with the link that works.
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [invitee.user.email, `Invitation to join “${team.name}” on Huddle`],
    ]);
    expect(mails[0]?.text).toContain(`http://localhost:3000${item.link as string}`);

    mails.length = 0;
    await turnOffMail(t.db, invitee.user.id, 'teamJoin');
    const other = await createTeamAs(t.app, owner.cookie);
    await post(`/api/teams/${other.id}/invitations`, owner.cookie, { email: invitee.user.email });
    expect(mails).toEqual([]);
    expect(await itemsOf(invitee)).toHaveLength(2);
  });

  it('tells a player their registration was approved', async () => {
    const owner = await signUpUser(t.app);
    const player = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const season = (await post(`/api/teams/${team.id}/seasons`, owner.cookie, seasonBodyFor())).json();
    const registration = (await post(`/api/seasons/${season.id as string}/registrations`, player.cookie, {})).json();
    const approve = await t.app.inject({
      method: 'PATCH',
      url: `/api/seasons/${season.id as string}/registrations/${registration.id as string}`,
      headers: { cookie: owner.cookie },
      payload: { status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    expect(await itemsOf(player)).toEqual([
      {
        kind: 'registrationApproved',
        title: `Registration approved: ${season.label as string}`,
        link: `/team/${team.id}`,
      },
    ]);
  });
});

describe('event notifications', () => {
  it('tells everyone on a cancelled game on their page, and mails them the existing text', async () => {
    const organizer = await signUpUser(t.app);
    const player = await signUpUser(t.app);
    const event = await createEventAs(t.app, organizer.cookie, (await insertPlace(t.db)).id);
    await post(`/api/events/${event.id}/parties`, player.cookie, { occurrenceStartsAt: event.next?.startsAt });
    mails.length = 0;
    expect((await post(`/api/events/${event.id}/cancel`, organizer.cookie)).statusCode).toBe(200);
    expect(await itemsOf(player)).toEqual([
      { kind: 'eventCancelled', title: `Cancelled: ${event.title}`, link: `/discover/events/${event.id}` },
    ]);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[player.user.email, `Cancelled: ${event.title}`]]);
    expect(mails[0]?.text).toContain(`The organizer cancelled ${event.title}.`);
  });
});

describe('the realtime side', () => {
  /** A tab's socket, and the events it got after the greeting. */
  async function openTab(
    cookie: string,
  ): Promise<{ socket: WebSocket; next: (type: string) => Promise<Record<string, unknown>> }> {
    const received: Record<string, unknown>[] = [];
    const waiting: { type: string; resolve: (event: Record<string, unknown>) => void }[] = [];
    let greeted!: Promise<void>;
    const socket = await t.app.injectWS('/api/realtime', realtimeUpgrade(cookie), {
      onInit(ws) {
        greeted = new Promise<void>((resolve) => {
          ws.on('message', (data) => {
            const event = JSON.parse(String(data)) as Record<string, unknown>;
            if (event.type === 'connected') return resolve();
            const waiter = waiting.findIndex((entry) => entry.type === event.type);
            if (waiter >= 0) waiting.splice(waiter, 1)[0]!.resolve(event);
            else received.push(event);
          });
        });
      },
    });
    await greeted;
    const next = (type: string) => {
      const index = received.findIndex((event) => event.type === type);
      if (index >= 0) return Promise.resolve(received.splice(index, 1)[0]!);
      return new Promise<Record<string, unknown>>((resolve) => waiting.push({ type, resolve }));
    };
    return { socket, next };
  }

  it('sends the organizer’s open tab the new notification with the unread count, and the count again when read', async () => {
    const organizer = await signUpUser(t.app);
    const player = await signUpUser(t.app);
    const event = await createEventAs(t.app, organizer.cookie, (await insertPlace(t.db)).id);
    const tab = await openTab(organizer.cookie);
    try {
      await post(`/api/events/${event.id}/parties`, player.cookie, { occurrenceStartsAt: event.next?.startsAt });
      const created = await tab.next('notification.created');
      expect(created).toMatchObject({
        unreadCount: 1,
        notification: { kind: 'playerJoined', read: false, actor: { id: player.user.id } },
      });
      const id = (created.notification as { id: string }).id;
      await post(`/api/me/notifications/${id}/read`, organizer.cookie);
      expect(await tab.next('notification.read')).toEqual({ type: 'notification.read', unreadCount: 0 });
    } finally {
      tab.socket.terminate();
    }
  });
});
