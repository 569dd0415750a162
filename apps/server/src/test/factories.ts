import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { SignUpBody } from '@huddle/shared/accounts';
import { listOccurrences, localToInstant, seriesEnd, type WeeklyRepeat } from '@huddle/shared/event-occurrences';
import { partnerBody, partnerOfferBody, type PartnerBody, type PartnerOfferBody } from '@huddle/shared/partners';
import { geohashOf } from '@huddle/shared/places';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { WebSocket } from 'ws';
import type { FormFieldInput } from '@huddle/shared/forms';
import { defaultNotificationSettings, type NotificationCategory } from '@huddle/shared/users';
import type { Database } from '../db/client.ts';
import { users } from '../features/accounts/accounts.schema.ts';
import { eventParties, events } from '../features/events/events.schema.ts';
import { createPartner, createPartnerOffer } from '../features/partners/partners.service.ts';
import { places } from '../features/places/places.schema.ts';
import { teamMembers } from '../features/teams/teams.schema.ts';
import type { Mailer } from '../lib/mail/mailer.ts';
import { listOutboxMailTo, type OutboxMail } from '../lib/mail/outbox.repository.ts';
import type { Clock } from '../lib/clock.ts';
import { payments } from '../features/payments/payments.schema.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let sequence = 0;

/** A unique, valid sign-up body; pass fields to override. */
export function signUpBodyFor(overrides: Partial<SignUpBody> = {}): SignUpBody {
  sequence += 1;
  return {
    name: `Player ${sequence}`,
    email: `player${sequence}-${Date.now()}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** The cookie header value a browser would send back after these Set-Cookie headers. */
export function cookieHeaderFrom(setCookie: string | string[] | undefined): string {
  const values = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return values.map((value) => value.split(';')[0]).join('; ');
}

/** Signs up a new user through the API and returns their session cookie and record. */
export async function signUpUser(app: FastifyInstance, overrides: Partial<SignUpBody> = {}) {
  const body = signUpBodyFor(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return {
    body,
    cookie: cookieHeaderFrom(response.headers['set-cookie']),
    user: response.json().user as { id: string; email: string },
  };
}

/** A signed-up user as the tests hold one: the sign-up body, the session cookie and the record. */
export type TestUser = Awaited<ReturnType<typeof signUpUser>>;

/** The token of the newest verification link mailed to this address, among these mails (newest first). */
export function verificationTokenIn(mails: Pick<OutboxMail, 'to' | 'subject' | 'text'>[], email: string): string {
  const mail = mails.find(
    (candidate) => candidate.to === email && candidate.subject === 'Confirm your email for Huddle',
  );
  const match = mail?.text.match(/\/verify-email\?token=(\S+)/);
  if (!match?.[1]) throw new Error(`no verification link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

/** The token of the newest verification link in the outbox (tests run without SMTP). */
export async function verificationTokenFor(db: Database, email: string): Promise<string> {
  return verificationTokenIn(await listOutboxMailTo(db, email), email);
}

/** Opens a verification link, as the mailbox's owner would. */
export async function verifyEmailWith(app: FastifyInstance, token: string): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verify-email failed: ${response.statusCode} ${response.body}`);
}

/** Opens the verification link the outbox holds for this address. */
export async function verifyEmailOf(app: FastifyInstance, db: Database, email: string): Promise<void> {
  await verifyEmailWith(app, await verificationTokenFor(db, email));
}

/**
 * Signs a new user up and opens the mailed verification link, as a person who signs in again
 * later must have done (a password sign-in waits for a verified email: decision 062).
 */
export async function signUpVerifiedUser(
  { app, db }: { app: FastifyInstance; db: Database },
  overrides: Partial<SignUpBody> = {},
) {
  const user = await signUpUser(app, overrides);
  await verifyEmailOf(app, db, user.body.email);
  return user;
}

export const austinCity = { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 };

/** A valid create-team body; pass fields to override. */
export function teamBodyFor(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    kind: 'team',
    name: `Eastside Kickers ${sequence}`,
    gameType: 'Soccer',
    description: 'Sunday morning pickup.',
    city: austinCity,
    joinPolicy: 'open',
    visibility: 'public',
    ...overrides,
  };
}

/** Creates a team through the API as the user with this cookie. */
/**
 * The cast of a feature's service tests: a team made by its owner, with an organizer and a
 * player in it, and an outsider in no team. Names make the tests' failures readable.
 */
export async function createTeamCast(
  { app, db }: { app: FastifyInstance; db: Database },
  names: { team: string; owner: string; organizer: string; player: string; outsider: string },
) {
  const [owner, organizer, player, outsider] = await Promise.all([
    signUpUser(app, { name: names.owner }),
    signUpUser(app, { name: names.organizer }),
    signUpUser(app, { name: names.player }),
    signUpUser(app, { name: names.outsider }),
  ]);
  const teamId = (await createTeamAs(app, owner.cookie, { name: names.team })).id as string;
  await db.insert(teamMembers).values([
    { teamId, userId: organizer.user.id, role: 'organizer' },
    { teamId, userId: player.user.id, role: 'player' },
  ]);
  return { owner, organizer, player, outsider, teamId };
}

/** A tournament's details as the create and edit routes take them (issue 16). */
export function tournamentBodyFor(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Spring Smash',
    format: 'single_elimination',
    startsAt: '2030-04-05T09:00:00Z',
    endsAt: '2030-04-05T18:00:00Z',
    placeName: null,
    courts: ['Court 1'],
    matchMinutes: 30,
    ...overrides,
  };
}

export async function createTeamAs(app: FastifyInstance, cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { cookie },
    payload: teamBodyFor(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`team create failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; name: string };
}

/** A place row written straight to the database (tests that need a place before its API). */
export async function insertPlace(
  db: Database,
  overrides: Partial<{ name: string; address: string; lat: number; lng: number; createdBy: string | null }> = {},
) {
  sequence += 1;
  const lat = overrides.lat ?? 30.2669;
  const lng = overrides.lng ?? -97.7729;
  const [row] = await db
    .insert(places)
    .values({
      name: `Court ${sequence}`,
      address: '2100 Barton Springs Rd, Austin, TX',
      createdBy: null,
      ...overrides,
      lat,
      lng,
      geohash: geohashOf(lat, lng),
    })
    .returning();
  if (!row) throw new Error('place insert returned nothing');
  return row;
}

/** A partner and its offers, as the admin area makes them (issue 17: partners have no other API). */
export async function insertPartner(db: Database, body: PartnerBody, offers: PartnerOfferBody[] = []) {
  const partner = await createPartner(db, { body: partnerBody.parse(body) });
  for (const offer of offers) {
    await createPartnerOffer(db, { partnerId: partner.id, body: partnerOfferBody.parse(offer) });
  }
  return partner;
}

/**
 * An event row written straight to the database, times given on the wall clock of its zone
 * as the API takes them. Cancelled when cancelledAt is set.
 */
export async function insertEvent(
  db: Database,
  {
    creatorId,
    placeId,
    timeZone = 'America/Chicago',
    startLocal = '2030-06-04T18:00',
    endLocal = '2030-06-04T20:00',
    repeat = null,
    ...overrides
  }: {
    creatorId: string;
    placeId: string;
    timeZone?: string;
    startLocal?: string;
    endLocal?: string;
    repeat?: WeeklyRepeat | null;
    title?: string;
    gameType?: string;
    description?: string | null;
    teamId?: string | null;
    visibility?: 'public' | 'team';
    slots?: number;
    priceCents?: number | null;
    cancelledAt?: Date | null;
  },
) {
  sequence += 1;
  const [place] = await db.select().from(places).where(eq(places.id, placeId));
  if (!place) throw new Error(`no place ${placeId}`);
  const schedule = { timeZone, startLocal, endLocal, repeat };
  if (listOccurrences(schedule).length === 0) throw new Error('the schedule has no occurrence');
  const [row] = await db
    .insert(events)
    .values({
      title: `Pickup game ${sequence}`,
      gameType: 'Soccer',
      slots: 10,
      ...overrides,
      creatorId,
      placeId,
      lat: place.lat,
      lng: place.lng,
      geohash: place.geohash,
      timeZone,
      startsAt: localToInstant(startLocal, timeZone),
      endsAt: localToInstant(endLocal, timeZone),
      repeatWeekdays: repeat?.weekdays ?? null,
      repeatUntil: repeat?.until ?? null,
      repeatCount: repeat?.count ?? null,
      seriesEndsAt: seriesEnd(schedule),
    })
    .returning();
  if (!row) throw new Error('event insert returned nothing');
  return row;
}

/** A valid create-event body at this place; pass fields to override. */
export function eventBodyFor(placeId: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    title: `Pickup game ${sequence}`,
    gameType: 'Soccer',
    description: null,
    timeZone: 'America/Chicago',
    startLocal: '2030-06-04T18:00',
    endLocal: '2030-06-04T20:00',
    repeat: null,
    placeId,
    teamId: null,
    slots: 10,
    skillLevel: 'all',
    visibility: 'public',
    priceCents: null,
    autoPromote: false,
    ...overrides,
  };
}

/** Creates an event through the API as the user with this cookie. */
export async function createEventAs(
  app: FastifyInstance,
  cookie: string,
  placeId: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie },
    payload: eventBodyFor(placeId, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`event create failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; title: string; next: { startsAt: string; endsAt: string } | null };
}

/** A user's party on one occurrence, written straight to the database (no waitlist rules). */
export async function insertParty(
  db: Database,
  party: { eventId: string; userId: string; occurrenceStartsAt: Date; status?: 'joined' | 'waitlisted' | 'offered' },
) {
  const [row] = await db
    .insert(eventParties)
    .values({ status: 'joined', position: 0, ...party })
    .returning();
  if (!row) throw new Error('party insert returned nothing');
  return row;
}

/** A mailer that keeps what Huddle sends, except the confirmation mail every sign-up gets. */
export function collectMails(): { mails: OutboxMail[]; mailer: Mailer } {
  const mails: OutboxMail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      if (!mail.subject.startsWith('Confirm your email')) mails.push(mail);
    },
  };
  return { mails, mailer };
}

/**
 * Turns one notification category's mail off for a person (spec §3), so a test reads only the
 * mails it is about: an organizer's "joined your game" mails, for one.
 */
export async function turnOffMail(db: Database, userId: string, category: NotificationCategory): Promise<void> {
  await db
    .update(users)
    .set({ notificationSettings: { ...defaultNotificationSettings, [category]: { email: false, push: true } } })
    .where(eq(users.id, userId));
}

/**
 * Marks the user's Stripe account as connected and able to take charges (decision 033: a price
 * needs one), as after a finished onboarding; tests that pay use a real local account instead.
 */
export async function markChargesEnabled(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ stripeId: `acct_test_${randomUUID().replaceAll('-', '')}`, stripeChargesEnabled: true })
    .where(eq(users.id, userId));
}

/**
 * A real account on the app's payment provider (the local one in tests), connected to the user and
 * able to take charges, as after a finished onboarding: for tests that pay through Checkout.
 */
export async function connectLocalStripeAccount(t: Pick<TestApp, 'db' | 'payments'>, userId: string): Promise<void> {
  const account = await t.payments.stripe.accounts.create({ type: 'express', country: 'US' });
  await t.db
    .update(users)
    .set({ stripeId: account.id, stripeChargesEnabled: true, stripeDetailsSubmitted: true })
    .where(eq(users.id, userId));
}

/** A multipart/form-data body holding one file, as a browser's form sends it. */
export function multipartFile(
  bytes: Buffer,
  { field = 'file', filename = 'file.bin', contentType = 'application/octet-stream' } = {},
) {
  const boundary = '----huddle-test-file';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The smallest bytes a PDF reader opens: what the upload tests send as an ID scan or a waiver. */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** The local Checkout page's Pay button (decision 029): where it sends the browser next. */
export async function payOnLocalCheckout(app: FastifyInstance, url: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
  if (response.statusCode !== 303) throw new Error(`local Checkout answered ${response.statusCode}: ${response.body}`);
  return response.headers.location as string;
}

/**
 * A form made, saved with these fields and settings, and published through the API as its owner
 * would, by the test file's own request function (each file sends from its own client addresses).
 */
export async function createPublishedForm(
  call: (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) => Promise<LightMyRequestResponse>,
  cookie: string,
  { title, teamId, fields, settings }: { title: string; teamId: string; fields: FormFieldInput[]; settings: object },
): Promise<string> {
  const created = await call('POST', '/api/forms', cookie, { title, teamId });
  if (created.statusCode !== 201) throw new Error(`creating the form answered ${created.statusCode}: ${created.body}`);
  const id = created.json().id as string;
  const saved = await call('PUT', `/api/forms/${id}`, cookie, { version: 1, title, fields, settings });
  if (saved.statusCode !== 200) throw new Error(`saving the form answered ${saved.statusCode}: ${saved.body}`);
  const published = await call('POST', `/api/forms/${id}/status`, cookie, { status: 'published' });
  if (published.statusCode !== 200) throw new Error(`publishing answered ${published.statusCode}: ${published.body}`);
  return id;
}

/**
 * A realtime socket signed in with this cookie, open once the server greeted it; every later
 * event lands in `events`, in order.
 */
/**
 * The upgrade request of an injected realtime socket. injectWS sends no client address, and the
 * socket's limits count by address (decision 055; @fastify/rate-limit cannot key an absent one).
 */
export function realtimeUpgrade(cookie: string, address = '127.0.0.1') {
  return {
    headers: cookie ? { cookie } : {},
    // Only its address is read (request.ip).
    socket: { remoteAddress: address } as IncomingMessage['socket'],
  };
}

export async function connectRealtime(
  app: FastifyInstance,
  cookie: string,
  { address }: { address?: string } = {},
): Promise<{ socket: WebSocket; events: { type: string; [key: string]: unknown }[] }> {
  const events: { type: string; [key: string]: unknown }[] = [];
  let connected!: Promise<void>;
  const socket = await app.injectWS('/api/realtime', realtimeUpgrade(cookie, address), {
    // Listen before the socket opens: the server greets as soon as the connection is recorded.
    onInit(ws) {
      connected = new Promise<void>((resolve, reject) => {
        ws.on('message', (data) => {
          const event = JSON.parse(String(data));
          if (event.type === 'connected') resolve();
          else events.push(event);
        });
        ws.once('close', (code) => reject(new Error(`closed (${code}) before connected`)));
      });
      // Refused at the upgrade, the socket never opens and nobody awaits this.
      connected.catch(() => undefined);
    },
  });
  await connected;
  return { socket, events };
}

/** Waits (up to 2 s) until `events` holds one that `matches`. */
export async function nextRealtimeEvent(
  events: { type: string; [key: string]: unknown }[],
  matches: (event: { type: string; [key: string]: unknown }) => boolean,
) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = events.find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no such realtime event; got ${JSON.stringify(events)}`);
}

type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A test file's request shorthand: the cookie, a JSON payload, and, given `addresses` ("203.0.113"),
 * each call from the next client address of that range, so the per-address rate limits of public
 * forms never meet another file's calls. `app` is read at each call (the app starts in beforeAll).
 */
export function addressedCall(app: () => FastifyInstance, addresses?: string) {
  let address = 0;
  return (method: InjectMethod, url: string, cookie = '', payload?: object) =>
    app().inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload && { payload }),
      ...(addresses && { remoteAddress: `${addresses}.${(address += 1) % 250}` }),
    });
}

/**
 * The start of a form feature's service tests: an app (mailing to `mailer` when given), the team
 * cast (createTeamCast), and an owner whose local Stripe account takes payments (unless
 * `payments: false`), as the paid-form tests need.
 */
export async function formTestCast(
  names: Parameters<typeof createTeamCast>[1],
  { mailer, payments: takesPayments = true }: { mailer?: Mailer; payments?: boolean } = {},
) {
  const t = await createTestApp({}, mailer ? { mailer } : {});
  const cast = await createTeamCast(t, names);
  if (takesPayments) await connectLocalStripeAccount(t, cast.owner.user.id);
  return { t, ...cast };
}

/**
 * The start of the paid-game tests (decisions 033, 043): an app on this clock and mailer, a place,
 * `people` signed-up users, and the first of them an organizer whose local Stripe account takes
 * payments.
 */
export async function paidGamesTestApp({ clock, mailer, people }: { clock: Clock; mailer: Mailer; people: number }) {
  const t = await createTestApp({}, { clock, mailer });
  const placeId = (await insertPlace(t.db)).id as string;
  const users = await Promise.all(Array.from({ length: people }, () => signUpUser(t.app)));
  await connectLocalStripeAccount(t, users[0]!.user.id);
  return { t, placeId, users };
}

/** A payment's row as stored now. */
export async function paymentRowOf(db: Database, id: string) {
  return (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
}
