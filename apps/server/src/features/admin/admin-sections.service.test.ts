import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminAuditLog } from './admin.schema.ts';
import { promoteByEmail } from './admin.service.ts';

// Decision 051: partners and offers, plans and promotions, ambassador applications and feedback.
let t: TestApp;
let admin: { cookie: string; user: { id: string; email: string } };
let player: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app);
  await promoteByEmail(t.db, admin.user.email);
  player = await signUpUser(t.app);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const auditOf = (targetId: string) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(adminAuditLog.createdAt);
const hourMs = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * hourMs).toISOString();

describe('partners through the admin routes', () => {
  it('creates, edits and deletes a partner and its offers, each in the audit log, and the public sees them', async () => {
    const created = await call(admin.cookie, 'POST', '/api/admin/partners', {
      type: 'shop',
      name: 'Ball Barn',
      description: 'Balls of every size.',
      websiteUrl: 'https://ballbarn.example',
      city: { name: 'Austin, TX', lat: 30.2672, lng: -97.7431 },
      preferred: true,
    });
    expect(created.statusCode).toBe(201);
    const partner = created.json();
    expect(partner).toMatchObject({ type: 'shop', city: { name: 'Austin, TX' }, offers: [] });

    const offer = await call(admin.cookie, 'POST', `/api/admin/partners/${partner.id}/offers`, {
      title: '15% off cleats',
      code: 'HUDDLE15',
    });
    expect(offer.statusCode).toBe(201);
    const future = await call(admin.cookie, 'POST', `/api/admin/partners/${partner.id}/offers`, {
      title: 'Summer sale',
      validFrom: inHours(48),
    });
    expect(future.statusCode).toBe(201);

    const publicView = await call(null, 'GET', `/api/partners/${partner.id}`);
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json().offers.map((o: { title: string }) => o.title)).toEqual(['15% off cleats']);
    const adminView = await call(admin.cookie, 'GET', `/api/admin/partners/${partner.id}`);
    expect(adminView.json().offers).toHaveLength(2);

    const edited = await call(admin.cookie, 'PUT', `/api/admin/partners/${partner.id}`, {
      type: 'shop',
      name: 'Ball Barn Austin',
      preferred: false,
    });
    expect(edited.json()).toMatchObject({ name: 'Ball Barn Austin', preferred: false, city: null });
    // Not preferred: the public reads it as not found; admins still list it.
    expect((await call(null, 'GET', `/api/partners/${partner.id}`)).statusCode).toBe(404);
    const listed = (await call(admin.cookie, 'GET', '/api/admin/partners')).json().partners;
    expect(listed.map((p: { id: string }) => p.id)).toContain(partner.id);

    const offerId = offer.json().id;
    const changedOffer = await call(admin.cookie, 'PUT', `/api/admin/partner-offers/${offerId}`, {
      title: '20% off cleats',
    });
    expect(changedOffer.json()).toMatchObject({ title: '20% off cleats', code: null });
    expect((await call(admin.cookie, 'DELETE', `/api/admin/partner-offers/${offerId}`)).statusCode).toBe(200);
    expect((await call(admin.cookie, 'DELETE', `/api/admin/partner-offers/${offerId}`)).statusCode).toBe(404);

    expect((await call(admin.cookie, 'DELETE', `/api/admin/partners/${partner.id}`)).statusCode).toBe(200);
    expect((await call(admin.cookie, 'GET', `/api/admin/partners/${partner.id}`)).statusCode).toBe(404);

    expect((await auditOf(partner.id)).map((row) => row.action)).toEqual([
      'partner.create',
      'partner.update',
      'partner.delete',
    ]);
    const [deleted] = (await auditOf(partner.id)).slice(-1);
    expect(deleted).toMatchObject({ actorId: admin.user.id, before: { name: 'Ball Barn Austin' }, after: null });
    expect((await auditOf(offerId)).map((row) => row.action)).toEqual([
      'partner-offer.create',
      'partner-offer.update',
      'partner-offer.delete',
    ]);
  });

  it('answers bad input beside its fields', async () => {
    const response = await call(admin.cookie, 'POST', '/api/admin/partners', {
      type: 'venue',
      name: '',
      websiteUrl: 'javascript:alert(1)',
      teamId: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['name', 'teamId', 'websiteUrl']);
  });

  it("finds public teams by name for a league's link, and shows the linked team's name", async () => {
    const league = await createTeamAs(t.app, player.cookie, { name: 'Zilker Sunday League', kind: 'community' });
    await createTeamAs(t.app, player.cookie, { name: 'Zilker Secret Squad', visibility: 'private' });
    const found = await call(admin.cookie, 'GET', '/api/admin/partner-teams?q=zilker%20s');
    expect(found.statusCode).toBe(200);
    // By name, case aside; a private team is not offered (decision 048: only a public one links).
    expect(found.json().teams).toEqual([{ id: league.id, name: 'Zilker Sunday League', city: 'Austin, TX' }]);
    // A wildcard is a character, not a pattern.
    expect((await call(admin.cookie, 'GET', '/api/admin/partner-teams?q=%25')).json().teams).toEqual([]);
    expect((await call(admin.cookie, 'GET', `/api/admin/partner-teams?q=${'x'.repeat(101)}`)).statusCode).toBe(400);

    const partner = await call(admin.cookie, 'POST', '/api/admin/partners', {
      type: 'league',
      name: 'Zilker League Office',
      teamId: league.id,
    });
    expect(partner.statusCode).toBe(201);
    expect(partner.json()).toMatchObject({ teamId: league.id, team: { id: league.id, name: 'Zilker Sunday League' } });
    const unlinked = await call(admin.cookie, 'POST', '/api/admin/partners', {
      type: 'league',
      name: 'No Team League',
    });
    expect(unlinked.json()).toMatchObject({ teamId: null, team: null });

    // Someone who is not an admin learns nothing, signed out or in.
    expect((await call(player.cookie, 'GET', '/api/admin/partner-teams?q=zilker')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/partner-teams?q=zilker')).statusCode).toBe(401);
  });

  it('refuses every partner write to someone who is not an admin, and writes nothing', async () => {
    const partner = (
      await call(admin.cookie, 'POST', '/api/admin/partners', { type: 'coach', name: 'Coach Kim' })
    ).json();
    const offer = (
      await call(admin.cookie, 'POST', `/api/admin/partners/${partner.id}/offers`, { title: 'Free session' })
    ).json();
    const attempts: [Method, string, object?][] = [
      ['GET', '/api/admin/partners'],
      ['GET', '/api/admin/partner-teams?q=coach'],
      ['GET', `/api/admin/partners/${partner.id}`],
      ['POST', '/api/admin/partners', { type: 'coach', name: 'Sneaky' }],
      ['PUT', `/api/admin/partners/${partner.id}`, { type: 'coach', name: 'Renamed' }],
      ['DELETE', `/api/admin/partners/${partner.id}`],
      ['POST', `/api/admin/partners/${partner.id}/offers`, { title: 'Sneaky' }],
      ['PUT', `/api/admin/partner-offers/${offer.id}`, { title: 'Renamed' }],
      ['DELETE', `/api/admin/partner-offers/${offer.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      expect((await call(player.cookie, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const still = (await call(admin.cookie, 'GET', `/api/admin/partners/${partner.id}`)).json();
    expect(still).toMatchObject({ name: 'Coach Kim', offers: [{ title: 'Free session' }] });
  });
});

describe('plans and promotions', () => {
  it('shows the running variant’s plans, read-only', async () => {
    const response = await call(admin.cookie, 'GET', '/api/admin/plans');
    expect(response.statusCode).toBe(200);
    const plans = response.json();
    expect(plans.platform).toBe('gth');
    expect(plans.teams.every((plan: { list: string }) => plan.list === 'teams')).toBe(true);
    expect(plans.user.every((plan: { list: string }) => plan.list === 'gth')).toBe(true);
    expect((await call(player.cookie, 'GET', '/api/admin/plans')).statusCode).toBe(403);
  });

  it('puts the current promotion in the public config, and none when none runs', async () => {
    const config = async () => (await call(null, 'GET', '/api/config')).json().promotion;
    expect(await config()).toBeNull();

    const body = { headline: 'Community sale', text: 'Team plans 20% off.', linkUrl: '/community/pricing' };
    const running = await call(admin.cookie, 'POST', '/api/admin/promotions', {
      ...body,
      startsAt: inHours(-1),
      endsAt: inHours(24),
    });
    expect(running.statusCode).toBe(201);
    // Later ones: paused, not started yet, already ended. None of them shows.
    for (const window of [
      { startsAt: inHours(-0.5), endsAt: inHours(24), active: false },
      { startsAt: inHours(2), endsAt: inHours(24) },
      { startsAt: inHours(-5), endsAt: inHours(-2) },
    ]) {
      expect(
        (await call(admin.cookie, 'POST', '/api/admin/promotions', { ...body, headline: 'Hidden', ...window }))
          .statusCode,
      ).toBe(201);
    }
    expect(await config()).toMatchObject({
      id: running.json().id,
      headline: 'Community sale',
      linkUrl: '/community/pricing',
      linkLabel: 'See the offer',
    });

    // Of two running, the one that started last.
    const newer = (
      await call(admin.cookie, 'POST', '/api/admin/promotions', {
        ...body,
        headline: 'Newer',
        startsAt: inHours(-0.2),
        endsAt: inHours(3),
      })
    ).json();
    expect((await config()).headline).toBe('Newer');
    const paused = await call(admin.cookie, 'PUT', `/api/admin/promotions/${newer.id}`, {
      ...body,
      headline: 'Newer',
      startsAt: newer.startsAt,
      endsAt: newer.endsAt,
      active: false,
    });
    expect(paused.json()).toMatchObject({ active: false });
    expect((await config()).headline).toBe('Community sale');

    expect((await call(admin.cookie, 'DELETE', `/api/admin/promotions/${running.json().id}`)).statusCode).toBe(200);
    expect(await config()).toBeNull();
    expect((await auditOf(newer.id)).map((row) => row.action)).toEqual(['promotion.create', 'promotion.update']);
    expect((await auditOf(running.json().id)).map((row) => row.action)).toEqual([
      'promotion.create',
      'promotion.delete',
    ]);
    const all = (await call(admin.cookie, 'GET', '/api/admin/promotions')).json().promotions;
    expect(all).toHaveLength(4);
  });

  it('refuses an end before the start and a javascript: link, beside the fields', async () => {
    const response = await call(admin.cookie, 'POST', '/api/admin/promotions', {
      headline: 'Oops',
      linkUrl: 'javascript:alert(1)',
      startsAt: inHours(5),
      endsAt: inHours(1),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['endsAt', 'linkUrl']);
  });

  it('refuses promotion writes to someone who is not an admin', async () => {
    const promotion = (
      await call(admin.cookie, 'POST', '/api/admin/promotions', {
        headline: 'Kept',
        startsAt: inHours(1),
        endsAt: inHours(2),
      })
    ).json();
    const body = { headline: 'Sneaky', startsAt: inHours(-1), endsAt: inHours(2) };
    const attempts: [Method, string, object?][] = [
      ['GET', '/api/admin/promotions'],
      ['POST', '/api/admin/promotions', body],
      ['PUT', `/api/admin/promotions/${promotion.id}`, body],
      ['DELETE', `/api/admin/promotions/${promotion.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      expect((await call(player.cookie, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await auditOf(promotion.id)).map((row) => row.action)).toEqual(['promotion.create']);
  });
});

describe('ambassador applications and feedback', () => {
  it('lists applications newest first and marks them handled once, however many admins press at once', async () => {
    for (const fullName of ['First Applicant', 'Second Applicant']) {
      const sent = await call(null, 'POST', '/api/ambassador-applications', {
        fullName,
        email: 'applicant@example.com',
        city: 'Austin, TX',
        sports: 'Soccer',
        motivation: 'I run three pickup groups and want to bring them onto Huddle.',
      });
      expect(sent.statusCode).toBe(201);
    }
    const list = async (state: string) =>
      (await call(admin.cookie, 'GET', `/api/admin/ambassador-applications?state=${state}`)).json().applications as {
        id: string;
        fullName: string;
        handledAt: string | null;
      }[];
    const open = await list('unhandled');
    expect(open.map((a) => a.fullName)).toEqual(['Second Applicant', 'First Applicant']);

    const target = open[1]!.id;
    const url = `/api/admin/ambassador-applications/${target}/handled`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(admin.cookie, 'PUT', url, { handled: true })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect((await auditOf(target)).map((row) => row.action)).toEqual(['ambassador-application.handled']);
    expect((await list('unhandled')).map((a) => a.fullName)).toEqual(['Second Applicant']);
    expect((await list('handled')).map((a) => a.id)).toEqual([target]);

    const reopened = await call(admin.cookie, 'PUT', url, { handled: false });
    expect(reopened.json().handledAt).toBeNull();
    expect((await auditOf(target)).map((row) => row.after)).toEqual([{ handled: true }, { handled: false }]);
    expect(await list('all')).toHaveLength(2);

    expect((await call(player.cookie, 'GET', '/api/admin/ambassador-applications')).statusCode).toBe(403);
    expect((await call(player.cookie, 'PUT', url, { handled: true })).statusCode).toBe(403);
    expect(await auditOf(target)).toHaveLength(2);
  });

  it('lists feedback with its sender, newest first, and marks it handled', async () => {
    const sender = await signUpUser(t.app);
    await call(sender.cookie, 'POST', '/api/me/feedback', { message: 'Please add dark mode', rating: 4 });
    await call(player.cookie, 'POST', '/api/me/feedback', { message: 'Love it', rating: 5 });
    const open = (await call(admin.cookie, 'GET', '/api/admin/feedback')).json().feedback;
    expect(open.map((f: { message: string }) => f.message)).toEqual(['Love it', 'Please add dark mode']);
    expect(open[1]).toMatchObject({ userEmail: sender.user.email, rating: 4, handledAt: null });

    const url = `/api/admin/feedback/${open[1].id}/handled`;
    expect((await call(player.cookie, 'PUT', url, { handled: true })).statusCode).toBe(403);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call(admin.cookie, 'PUT', url, { handled: true })),
    );
    expect(results.every((r) => r.json().handledAt !== null)).toBe(true);
    expect((await auditOf(open[1].id)).map((row) => row.action)).toEqual(['feedback.handled']);
    const still = (await call(admin.cookie, 'GET', '/api/admin/feedback?state=unhandled')).json().feedback;
    expect(still.map((f: { message: string }) => f.message)).toEqual(['Love it']);
    expect(
      (
        await call(admin.cookie, 'PUT', '/api/admin/feedback/6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f/handled', {
          handled: true,
        })
      ).statusCode,
    ).toBe(404);
  });
});
