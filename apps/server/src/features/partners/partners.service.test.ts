import { partnerBody, partnerMessages, partnerOfferBody } from '@huddle/shared/partners';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { firstPageMeta, registerWebApp } from '../../lib/web-app.ts';
import { austinCity, createTeamAs, insertEvent, insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { partnerPageMeta } from './partners.page-meta.ts';
import { partnerOffers, partners } from './partners.schema.ts';
import { teams } from '../teams/teams.schema.ts';
import {
  createPartner,
  createPartnerOffer,
  deletePartner,
  deletePartnerOffer,
  getEventsPartner,
  getManagedPartner,
  getPartner,
  updatePartner,
  updatePartnerOffer,
} from './partners.service.ts';

/** Issue 16: the partner pages' rules and the service the admin area calls, against a real database. */
const day = 24 * 60 * 60 * 1000;
const start = new Date('2030-03-01T12:00:00Z');
const clock = createManualClock(start);
let t: TestApp;

const roundRock = { name: 'Round Rock, TX', lat: 30.5083, lng: -97.6789 };
const sanAntonio = { name: 'San Antonio, TX', lat: 29.4241, lng: -98.4936 };

const add = (body: object) => createPartner(t.db, { body: partnerBody.parse(body) });
const offer = (partnerId: string, body: object) =>
  createPartnerOffer(t.db, { partnerId, body: partnerOfferBody.parse(body) });
const at = (days: number) => new Date(start.getTime() + days * day).toISOString();
const get = (url: string, cookie = '') => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

describe('partners/{ptype}: preferred partners of a type', () => {
  it('lists only preferred partners of the type, by name without a city, nearest first with one', async () => {
    const far = await add({ type: 'shop', name: 'Alamo Gear', city: sanAntonio });
    const near = await add({ type: 'shop', name: 'Zilker Boards', city: austinCity });
    const middle = await add({ type: 'shop', name: 'Mid Sports', city: roundRock });
    const nowhere = await add({ type: 'shop', name: 'Online Only Shop' });
    await add({ type: 'shop', name: 'Hidden Shop', city: austinCity, preferred: false });
    await add({ type: 'venue', name: 'A Venue', city: austinCity });

    const byName = (await get('/api/partners?type=shop')).json();
    expect(byName.order).toBe('name');
    expect(byName.partners.map((p: { id: string }) => p.id)).toEqual([far.id, middle.id, nowhere.id, near.id]);
    expect(byName.partners[0].distanceKm).toBeNull();

    const fromAustin = (await get(`/api/partners?type=shop&lat=${austinCity.lat}&lng=${austinCity.lng}`)).json();
    expect(fromAustin.order).toBe('nearest');
    expect(fromAustin.partners.map((p: { id: string }) => p.id)).toEqual([near.id, middle.id, far.id, nowhere.id]);
    expect(fromAustin.partners[0].distanceKm).toBeLessThan(1);
    expect(fromAustin.partners[2].distanceKm).toBeGreaterThan(100);

    // A signed-in viewer's own city, without asking.
    const viewer = await signUpUser(t.app);
    await t.db
      .update(users)
      .set({ defaultCityName: sanAntonio.name, defaultCityLat: sanAntonio.lat, defaultCityLng: sanAntonio.lng })
      .where(eq(users.id, viewer.user.id));
    const fromHome = (await get('/api/partners?type=shop', viewer.cookie)).json();
    expect(fromHome.partners.map((p: { id: string }) => p.id)).toEqual([far.id, near.id, middle.id, nowhere.id]);
  });

  it('counts only the offers valid now', async () => {
    const coach = await add({ type: 'coach', name: 'Coach Counted' });
    await offer(coach.id, { title: 'Now', validFrom: at(-1), validUntil: at(1) });
    await offer(coach.id, { title: 'Always' });
    await offer(coach.id, { title: 'Ended', validUntil: at(-1) });
    await offer(coach.id, { title: 'Later', validFrom: at(1) });
    const list = (await get('/api/partners?type=coach')).json();
    expect(list.partners.find((p: { id: string }) => p.id === coach.id).offerCount).toBe(2);
  });

  it('refuses an unknown type with a field message', async () => {
    const response = await get('/api/partners?type=gyms');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.type).toEqual(['Choose a kind of partner.']);
  });
});

describe('partner/preferred/{id}: a partner and its current offers', () => {
  it('shows offers inside their window only: not before validFrom, not from validUntil on', async () => {
    const venue = await add({ type: 'venue', name: 'Window Courts', websiteUrl: 'https://courts.example.com' });
    await offer(venue.id, { title: 'Open-ended', code: 'OPEN' });
    await offer(venue.id, { title: 'Ends tomorrow', validUntil: at(1) });
    await offer(venue.id, { title: 'Ended yesterday', validUntil: at(-1) });
    await offer(venue.id, { title: 'Starts tomorrow', validFrom: at(1), validUntil: at(3) });
    const titles = async () => (await getPartner(t.db, clock, { partnerId: venue.id })).offers.map((o) => o.title);

    expect(await titles()).toEqual(['Ends tomorrow', 'Open-ended']);
    clock.set(new Date(at(1)));
    // validUntil is the first instant it is gone; validFrom the first it shows.
    expect(await titles()).toEqual(['Starts tomorrow', 'Open-ended']);
    clock.set(new Date(at(3)));
    expect(await titles()).toEqual(['Open-ended']);
    clock.set(start);

    const reply = await get(`/api/partners/${venue.id}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ name: 'Window Courts', type: 'venue', hasEvents: false });
    expect(reply.json().offers[1]).toMatchObject({ title: 'Open-ended', code: 'OPEN', validUntil: null });
  });

  it('is not found for a partner that is not preferred, deleted, unknown or malformed', async () => {
    const hidden = await add({ type: 'venue', name: 'Not Preferred', preferred: false });
    const gone = await add({ type: 'venue', name: 'Gone Soon' });
    await offer(gone.id, { title: 'Goes with it' });
    await deletePartner(t.db, { partnerId: gone.id });
    expect(await t.db.select().from(partnerOffers).where(eq(partnerOffers.partnerId, gone.id))).toEqual([]);

    for (const id of [hidden.id, gone.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await get(`/api/partners/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(partnerMessages.notFound);
    }
    expect((await get('/api/partners/not-a-uuid')).statusCode).toBe(400);
    // Admins still read a partner that is not preferred, offers of every date included.
    await offer(hidden.id, { title: 'Old', validUntil: at(-10) });
    expect((await getManagedPartner(t.db, { partnerId: hidden.id })).offers.map((o) => o.title)).toEqual(['Old']);
  });
});

describe('partner/events/{id}: an events partner and its team’s upcoming events', () => {
  it('shows the public upcoming events of the linked team, through the events service', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Rec League Team' });
    const place = await insertPlace(t.db);
    await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, teamId: team.id, title: 'League Night' });
    await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      teamId: team.id,
      title: 'Members Only',
      visibility: 'team',
    });
    await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      teamId: team.id,
      title: 'Last Year',
      startLocal: '2029-06-04T18:00',
      endLocal: '2029-06-04T20:00',
    });
    const league = await add({ type: 'league', name: 'Rec League', teamId: team.id });
    await offer(league.id, { title: '$10 off' });

    const reply = await get(`/api/partners/${league.id}/events`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ name: 'Rec League', hasEvents: true, team: { id: team.id } });
    expect(reply.json().events.map((e: { title: string }) => e.title)).toEqual(['League Night']);
    expect(reply.json().offers.map((o: { title: string }) => o.title)).toEqual(['$10 off']);
    // A member sees the team's own events too, as on the team's page.
    const asOwner = await getEventsPartner(t.db, clock, { viewerId: owner.user.id, partnerId: league.id });
    expect(asOwner.events.map((e) => e.title).sort()).toEqual(['League Night', 'Members Only']);
  });

  it('is not found for a partner without a team, or whose team turned private', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const league = await add({ type: 'league', name: 'Private Later', teamId: team.id });
    const plain = await add({ type: 'league', name: 'No Team League' });
    expect((await get(`/api/partners/${plain.id}/events`)).statusCode).toBe(404);
    expect((await get(`/api/partners/${league.id}`)).json().hasEvents).toBe(true);
    await t.db.update(teams).set({ visibility: 'private' }).where(eq(teams.id, team.id));
    expect((await get(`/api/partners/${league.id}/events`)).statusCode).toBe(404);
    // Its own page and the list no longer offer the events page.
    expect((await get(`/api/partners/${league.id}`)).json().hasEvents).toBe(false);
    const listed = (await get('/api/partners?type=league')).json().partners;
    expect(listed.find((p: { id: string }) => p.id === league.id).hasEvents).toBe(false);
  });
});

describe('managing partners (the service the admin area calls)', () => {
  it('checks the city, the team and the fields, and updates in place', async () => {
    await expect(
      add({ type: 'venue', name: 'Nowhere', city: { name: 'Atlantis', lat: 0, lng: 0 } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: { city: ['Choose a US city from the list.'] } });
    await expect(
      add({ type: 'league', name: 'Ghost League', teamId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ fields: { teamId: [partnerMessages.unknownTeam] } });
    const teamOnShop = partnerBody.safeParse({
      type: 'shop',
      name: 'Shop',
      teamId: '00000000-0000-4000-8000-000000000000',
    });
    expect(teamOnShop.error?.issues[0]).toMatchObject({
      path: ['teamId'],
      message: partnerMessages.teamOnlyForLeagues,
    });
    expect(partnerBody.safeParse({ type: 'shop', name: 'Shop', websiteUrl: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    const backwards = partnerOfferBody.safeParse({ title: 'Backwards', validFrom: at(2), validUntil: at(1) });
    expect(backwards.error?.issues[0]).toMatchObject({
      path: ['validUntil'],
      message: partnerMessages.offerEndsBeforeStart,
    });

    const shop = await add({ type: 'shop', name: 'Renamed Later', city: austinCity });
    clock.set(new Date(at(1)));
    const renamed = await updatePartner(t.db, clock, {
      partnerId: shop.id,
      body: partnerBody.parse({ type: 'shop', name: 'Renamed', preferred: false }),
    });
    clock.set(start);
    expect(renamed).toMatchObject({ name: 'Renamed', preferred: false, cityName: null, lat: null });
    expect(renamed.updatedAt.toISOString()).toBe(at(1));

    const deal = await offer(shop.id, { title: 'Deal' });
    expect(
      await updatePartnerOffer(t.db, {
        offerId: deal.id,
        body: partnerOfferBody.parse({ title: 'Better deal', code: ' ' }),
      }),
    ).toMatchObject({ title: 'Better deal', code: null });
    await deletePartnerOffer(t.db, { offerId: deal.id });
    await expect(deletePartnerOffer(t.db, { offerId: deal.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const missing = '00000000-0000-4000-8000-000000000000';
    const body = partnerBody.parse({ type: 'shop', name: 'X' });
    await expect(updatePartner(t.db, clock, { partnerId: missing, body })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(deletePartner(t.db, { partnerId: missing })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(offer(missing, { title: 'Orphan' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.db.select().from(partners).where(eq(partners.id, missing))).toEqual([]);
  });
});

describe('the HTML sent for partner pages (link previews, no JavaScript)', () => {
  let dir: string;
  let web: FastifyInstance;
  const origin = 'https://huddle.example';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'huddle-partners-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><head><meta name="description" content="Huddle app" /><title>Huddle</title></head><div id="root"></div>',
    );
    web = Fastify();
    await registerWebApp(web, dir, {
      currentUser: async () => null,
      pageMeta: firstPageMeta([async () => null, partnerPageMeta(t.db, clock, origin)]),
    });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the partner, the type list, and keeps index.html’s tags for what is not a public partner', async () => {
    const venue = await add({ type: 'venue', name: 'Courts & "Co"', description: 'Six <b>indoor</b> courts.' });
    const page = await web.inject({ url: `/partner/preferred/${venue.id}` });
    expect(page.body).toContain('<title>Courts &amp; &quot;Co&quot; | Venue | Huddle partner</title>');
    expect(page.body).toContain('<meta name="description" content="Six &lt;b&gt;indoor&lt;/b&gt; courts.">');
    expect((await web.inject({ url: '/partners/coaches' })).body).toContain(
      '<title>Preferred Coaches | Huddle</title>',
    );

    const hidden = await add({ type: 'venue', name: 'Secret Courts', preferred: false });
    for (const url of [
      `/partner/preferred/${hidden.id}`,
      `/partner/events/${venue.id}`,
      '/partner/preferred/nope',
      '/partners/gyms',
    ]) {
      expect((await web.inject({ url })).body, url).toContain('<title>Huddle</title>');
    }
  });
});
