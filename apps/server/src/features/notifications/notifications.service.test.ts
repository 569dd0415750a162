import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultPhotoPath } from '@huddle/shared/limits';
import { notificationCategories, defaultNotificationSettings, type NotificationCategory } from '@huddle/shared/users';
import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.schema.ts';
import { createManualClock } from '../../lib/clock.ts';
import type { OutboxMail } from '../../lib/mail/outbox.repository.ts';
import { createWebPushSender } from '../../lib/push/web-push-sender.ts';
import type { BusMessage } from '../../lib/realtime-bus.ts';
import { createRealtimeHub } from '../../lib/realtime-hub.ts';
import { createEventAs, createTeamAs, eventBodyFor, insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { teamMembers, teamNotificationTopics } from '../teams/teams.schema.ts';
import { gameRemindersJob } from '../events/event-reminders.service.ts';
import { notifications, pushSubscriptions } from './notifications.schema.ts';
import { notify, type NotifyDeps, type NotifyInput } from './notifications.service.ts';

/** A stand-in push service on this machine: it records each push and answers 201, or 410 for a forgotten browser. */
interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}
const pushes: ReceivedPush[] = [];
let pushService: Server;
let pushOrigin: string;

const mails: OutboxMail[] = [];
const clock = createManualClock(new Date('2030-06-01T12:00:00Z'));
let t: TestApp;
let deps: NotifyDeps;
type User = Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  pushService = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      pushes.push({ path: request.url ?? '', headers: request.headers, bytes });
      // A flaky push service fails each browser's first push, then takes the retry.
      const firstFlaky =
        request.url?.includes('flaky') && pushes.filter((push) => push.path === request.url).length === 1;
      response.statusCode = request.url?.includes('gone') ? 410 : firstFlaky ? 503 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await createTestApp(
    {},
    {
      clock,
      mailer: {
        send: async (mail) => {
          if (!mail.subject.startsWith('Confirm your email')) mails.push(mail);
        },
      },
      push: createWebPushSender({ keys: webpush.generateVAPIDKeys(), subject: 'mailto:ops@huddle.test' }),
    },
  );
  deps = {
    db: t.db,
    clock,
    // The app's own mailer is the queued one; the collecting transport stands in for it here.
    mailer: { send: async (mail) => void mails.push(mail) },
    jobs: t.jobs,
    realtime: createRealtimeHub(),
    publicOrigin: t.config.publicOrigin,
    log: t.app.log,
  };
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
});
beforeEach(() => {
  mails.length = 0;
  pushes.length = 0;
  clock.set(new Date('2030-06-01T12:00:00Z'));
});

/** A browser subscription of this person's, pointing at the stand-in push service. */
async function subscribeBrowser(user: User, name = randomBytes(6).toString('hex')) {
  const browserKey = createECDH('prime256v1');
  browserKey.generateKeys();
  await t.db.insert(pushSubscriptions).values({
    userId: user.user.id,
    endpoint: `${pushOrigin}/push/${name}`,
    p256dh: browserKey.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  });
}

async function setSettings(user: User, category: NotificationCategory, channels: { email: boolean; push: boolean }) {
  await t.db
    .update(users)
    .set({ notificationSettings: { ...defaultNotificationSettings, [category]: channels } })
    .where(eq(users.id, user.user.id));
}

const input = (userIds: string[], overrides: Partial<NotifyInput> = {}): NotifyInput => ({
  userIds,
  category: 'eventJoined',
  kind: 'spotGiven',
  title: 'You are in',
  body: 'A spot opened up.',
  link: '/discover/events',
  ...overrides,
});

const call = (method: 'GET' | 'POST', url: string, cookie: string) =>
  t.app.inject({ method, url, headers: { cookie } });

describe('notify', () => {
  it("tells each recipient's open tabs their own unread count and who did it, never the actor", async () => {
    const [first, second, actor] = await Promise.all([
      signUpUser(t.app),
      signUpUser(t.app),
      signUpUser(t.app, { name: 'Dana Actor' }),
    ]);
    await notify(deps, input([first.user.id]));
    const sent: BusMessage[] = [];
    const realtime = createRealtimeHub({ publish: (message) => void sent.push(message), onMessage: () => undefined });
    await notify(
      { ...deps, realtime },
      input([first.user.id, second.user.id, actor.user.id], { actorId: actor.user.id }),
    );
    const told = sent.flatMap((message) =>
      message.kind === 'send'
        ? message.userIds.map((userId) => ({
            userId,
            unreadCount: message.event.unreadCount,
            actor: (message.event.notification as { actor: unknown }).actor,
          }))
        : [],
    );
    const actorShown = { id: actor.user.id, displayName: 'Dana Actor', photoURL: defaultPhotoPath };
    expect(told).toHaveLength(2);
    expect(told).toEqual(
      expect.arrayContaining([
        { userId: first.user.id, unreadCount: 2, actor: actorShown },
        { userId: second.user.id, unreadCount: 1, actor: actorShown },
      ]),
    );
  });

  it('stores the notification and mails and pushes by default (spec §9: both on)', async () => {
    const person = await signUpUser(t.app);
    await subscribeBrowser(person);
    await notify(deps, input([person.user.id], { link: '/discover/events/abc' }));

    const list = (await call('GET', '/api/me/notifications', person.cookie)).json();
    expect(list.unreadCount).toBe(1);
    expect(list.notifications[0]).toMatchObject({ title: 'You are in', link: '/discover/events/abc', read: false });
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[person.user.email, 'You are in']]);
    expect(mails[0]?.text).toContain('http://localhost:3000/discover/events/abc');
    expect(pushes).toHaveLength(1);
    // Encrypted (RFC 8291) and signed with the VAPID key (RFC 8292).
    expect(pushes[0]?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(pushes[0]?.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    expect(pushes[0]?.bytes).toBeGreaterThan(0);
  });

  it.each(notificationCategories)('gates the mail and the push by the %s switches', async (category) => {
    const person = await signUpUser(t.app);
    await subscribeBrowser(person);

    await setSettings(person, category, { email: false, push: true });
    await notify(deps, input([person.user.id], { category }));
    expect(mails).toHaveLength(0);
    expect(pushes).toHaveLength(1);

    await setSettings(person, category, { email: true, push: false });
    await notify(deps, input([person.user.id], { category }));
    expect(mails).toHaveLength(1);
    expect(pushes).toHaveLength(1);

    // The in-app notification is kept whatever the switches say.
    expect((await call('GET', '/api/me/notifications/unread-count', person.cookie)).json()).toEqual({ unreadCount: 2 });
  });

  it('obeys the per-team switches for a team’s notification, and only for that team', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const other = await createTeamAs(t.app, owner.cookie);
    await t.db.insert(teamMembers).values({ teamId: team.id, userId: member.user.id, role: 'player' });
    await t.db
      .insert(teamNotificationTopics)
      .values({ teamId: team.id, userId: member.user.id, email: false, push: true });
    await subscribeBrowser(member);

    await notify(deps, input([member.user.id], { category: 'teamMessage', teamId: team.id }));
    expect(mails).toHaveLength(0);
    expect(pushes).toHaveLength(1);

    await notify(deps, input([member.user.id], { category: 'teamMessage', teamId: other.id }));
    expect(mails).toHaveLength(1);
    expect(pushes).toHaveLength(2);
  });

  it('never tells the actor about their own action', async () => {
    const actor = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    await notify(deps, input([actor.user.id, other.user.id], { actorId: actor.user.id }));
    expect(mails.map((mail) => mail.to)).toEqual([other.user.email]);
    expect((await call('GET', '/api/me/notifications', actor.cookie)).json().notifications).toEqual([]);
    const [item] = (await call('GET', '/api/me/notifications', other.cookie)).json().notifications;
    expect(item.actor).toMatchObject({ id: actor.user.id, displayName: actor.body.name });
  });

  it('delivers a notification with a dedupe key once per person', async () => {
    const person = await signUpUser(t.app);
    await Promise.all(
      Array.from({ length: 5 }, () => notify(deps, input([person.user.id], { dedupeKey: 'reminder:one' }))),
    );
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, person.user.id));
    expect(rows).toHaveLength(1);
    expect(mails).toHaveLength(1);
  });

  it('defuses links in what people typed, so the mail’s one link is Huddle’s', async () => {
    const person = await signUpUser(t.app);
    await notify(
      deps,
      input([person.user.id], { title: 'Pickup at www.evil.example', body: 'See https://evil.example/x', link: '/x' }),
    );
    expect(mails[0]?.subject).toBe('Pickup at www[.]evil[.]example');
    expect(mails[0]?.text).toContain('See https[:]//evil[.]example/x');
    expect(mails[0]?.text.match(/https?:\/\/\S+/g)).toEqual(['http://localhost:3000/x']);
  });

  it('retries a push the push service failed, and keeps the browser', async () => {
    const person = await signUpUser(t.app);
    await subscribeBrowser(person, 'flaky-browser');
    await notify(deps, input([person.user.id]));
    expect(pushes.map((push) => push.path)).toEqual(['/push/flaky-browser', '/push/flaky-browser']);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.user.id)),
    ).toHaveLength(1);
  });

  it('forgets a browser the push service no longer knows', async () => {
    const person = await signUpUser(t.app);
    await subscribeBrowser(person, 'gone-browser');
    await notify(deps, input([person.user.id]));
    expect(pushes.map((push) => push.path)).toEqual(['/push/gone-browser']);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.user.id))).toEqual([]);
  });
});

describe('the notifications list', () => {
  it('lists newest first a page at a time, and marks one or all read', async () => {
    const person = await signUpUser(t.app);
    for (let index = 1; index <= 5; index += 1) {
      clock.advance(60_000);
      await notify(deps, input([person.user.id], { title: `Item ${index}` }));
    }
    const first = (await call('GET', '/api/me/notifications?limit=2', person.cookie)).json();
    expect(first.notifications.map((item: { title: string }) => item.title)).toEqual(['Item 5', 'Item 4']);
    const second = (
      await call('GET', `/api/me/notifications?limit=2&cursor=${first.nextCursor as string}`, person.cookie)
    ).json();
    expect(second.notifications.map((item: { title: string }) => item.title)).toEqual(['Item 3', 'Item 2']);
    const last = (
      await call('GET', `/api/me/notifications?limit=2&cursor=${second.nextCursor as string}`, person.cookie)
    ).json();
    expect(last.notifications.map((item: { title: string }) => item.title)).toEqual(['Item 1']);
    expect(last.nextCursor).toBeNull();

    const read = await call('POST', `/api/me/notifications/${first.notifications[0].id as string}/read`, person.cookie);
    expect(read.json()).toEqual({ unreadCount: 4 });
    // Reading it again changes nothing.
    expect(
      (await call('POST', `/api/me/notifications/${first.notifications[0].id as string}/read`, person.cookie)).json(),
    ).toEqual({
      unreadCount: 4,
    });
    expect((await call('POST', '/api/me/notifications/read-all', person.cookie)).json()).toEqual({ unreadCount: 0 });
    expect(
      (await call('GET', '/api/me/notifications', person.cookie))
        .json()
        .notifications.every((item: { read: boolean }) => item.read),
    ).toBe(true);
  });

  it('keeps each person’s notifications to themself', async () => {
    const owner = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    await notify(deps, input([owner.user.id]));
    const [item] = (await call('GET', '/api/me/notifications', owner.cookie)).json().notifications;
    expect((await call('POST', `/api/me/notifications/${item.id as string}/read`, stranger.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/me/notifications', stranger.cookie)).json().notifications).toEqual([]);
    expect((await call('GET', '/api/me/notifications/unread-count', owner.cookie)).json()).toEqual({ unreadCount: 1 });
  });

  it('answers a forged cursor with a field error, not a 500', async () => {
    const person = await signUpUser(t.app);
    const forged = Buffer.from('yesterday|not-an-id').toString('base64url');
    const response = await call('GET', `/api/me/notifications?cursor=${forged}`, person.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ cursor: ['Not a cursor from this list.'] });
  });
});

describe('push subscriptions', () => {
  const body = (endpoint: string) => ({
    endpoint,
    keys: {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  });

  it('saves a browser for the person, moves it to whoever signs in there next, and removes only one’s own', async () => {
    const first = await signUpUser(t.app);
    const second = await signUpUser(t.app);
    const endpoint = `https://push.example.com/send/${randomBytes(8).toString('hex')}`;
    const save = (cookie: string) =>
      t.app.inject({ method: 'PUT', url: '/api/me/push-subscriptions', headers: { cookie }, payload: body(endpoint) });
    expect((await save(first.cookie)).statusCode).toBe(200);
    expect((await save(second.cookie)).statusCode).toBe(200);
    const owners = async () =>
      (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).map(
        (row) => row.userId,
      );
    expect(await owners()).toEqual([second.user.id]);

    const remove = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/push-subscriptions/remove',
        headers: { cookie },
        payload: { endpoint },
      });
    expect((await remove(first.cookie)).statusCode).toBe(200);
    expect(await owners()).toEqual([second.user.id]);
    expect((await remove(second.cookie)).statusCode).toBe(200);
    expect(await owners()).toEqual([]);
  });

  it('refuses an endpoint that is not https, with the field named', async () => {
    const person = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/push-subscriptions',
      headers: { cookie: person.cookie },
      payload: body('http://127.0.0.1:9/steal'),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['endpoint']);
  });
});

describe('event notifications', () => {
  const hour = 60 * 60 * 1000;
  /** The fixture game starts 2030-06-04 18:00 in Chicago. */
  const startsAt = new Date('2030-06-04T23:00:00Z');

  async function organizerGame(slots = 4) {
    const organizer = await signUpUser(t.app);
    const placeId = (await insertPlace(t.db)).id;
    const event = await createEventAs(t.app, organizer.cookie, placeId, { slots });
    return { organizer, event };
  }
  const join = (eventId: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/parties`,
      headers: { cookie },
      payload: { occurrenceStartsAt: startsAt.toISOString(), friends: 0 },
    });
  const titlesOf = async (person: User) =>
    (await call('GET', '/api/me/notifications', person.cookie))
      .json()
      .notifications.map((item: { title: string }) => item.title);

  it('tells the organizer that a player joined their game, and not the organizer of their own join', async () => {
    const { organizer, event } = await organizerGame();
    const player = await signUpUser(t.app);
    expect((await join(event.id, player.cookie)).statusCode).toBe(201);
    expect((await join(event.id, organizer.cookie)).statusCode).toBe(201);
    const items = (await call('GET', '/api/me/notifications', organizer.cookie)).json().notifications;
    expect(items.map((item: { title: string; link: string }) => [item.title, item.link])).toEqual([
      [
        `${player.body.name} joined ${event.title}`,
        `/discover/events/${event.id}?occurrence=${encodeURIComponent(startsAt.toISOString())}`,
      ],
    ]);
    expect(mails.filter((mail) => mail.to === organizer.user.email).map((mail) => mail.subject)).toEqual([
      `${player.body.name} joined ${event.title}`,
    ]);
  });

  it('reminds joined players a day and an hour before, once each, and the organizer of a short game once', async () => {
    const { organizer, event } = await organizerGame(4);
    const [first, second] = [await signUpUser(t.app), await signUpUser(t.app)];
    await join(event.id, first!.cookie);
    await join(event.id, second!.cookie);
    await setSettings(second!, 'eventJoined', { email: false, push: true });
    mails.length = 0;

    clock.set(new Date(startsAt.getTime() - 25 * hour));
    await t.jobs.runScheduled(gameRemindersJob);
    expect(await titlesOf(first!)).toEqual([]);

    clock.set(new Date(startsAt.getTime() - 23 * hour));
    await t.jobs.runScheduled(gameRemindersJob);
    await t.jobs.runScheduled(gameRemindersJob);
    expect(await titlesOf(first!)).toEqual([`Coming up: ${event.title}`]);
    expect(await titlesOf(second!)).toEqual([`Coming up: ${event.title}`]);
    // The second player turned eventJoined mail off: only the first is mailed.
    expect(mails.filter((mail) => mail.subject === `Coming up: ${event.title}`).map((mail) => mail.to)).toEqual([
      first!.user.email,
    ]);
    expect((await titlesOf(organizer)).filter((title: string) => title.startsWith('Short of players'))).toEqual([
      `Short of players: ${event.title}`,
    ]);

    clock.set(new Date(startsAt.getTime() - 50 * 60 * 1000));
    await t.jobs.runScheduled(gameRemindersJob);
    await t.jobs.runScheduled(gameRemindersJob);
    expect(await titlesOf(first!)).toEqual([`Starting soon: ${event.title}`, `Coming up: ${event.title}`]);
    expect((await titlesOf(organizer)).filter((title: string) => title.startsWith('Short of players'))).toHaveLength(1);
  });

  it('does not tell the organizer of a full game that it is short', async () => {
    const { organizer, event } = await organizerGame(1);
    await join(event.id, (await signUpUser(t.app)).cookie);
    clock.set(new Date(startsAt.getTime() - 2 * hour));
    await t.jobs.runScheduled(gameRemindersJob);
    expect((await titlesOf(organizer)).filter((title: string) => title.startsWith('Short of players'))).toEqual([]);
  });

  it('schedules the reminder scan every few minutes', () => {
    expect(t.jobs.schedules.get(gameRemindersJob)).toBe('*/5 * * * *');
  });

  it('tells the players when the organizer moves the game, and not the organizer', async () => {
    const { organizer, event } = await organizerGame();
    const player = await signUpUser(t.app);
    await join(event.id, player.cookie);
    const placeId = (await insertPlace(t.db)).id;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: { cookie: organizer.cookie },
      payload: { ...eventBodyFor(placeId), title: event.title },
    });
    expect(moved.statusCode).toBe(200);
    expect((await titlesOf(player))[0]).toBe(`Changed: ${event.title}`);
    expect((await titlesOf(organizer)).some((title: string) => title.startsWith('Changed'))).toBe(false);
  });
});
