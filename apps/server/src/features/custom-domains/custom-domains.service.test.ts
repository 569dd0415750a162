import { customDomainMessages, type CustomDomain } from '@huddle/shared/custom-domains';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { signUpUser } from '../../test/factories.ts';
import { createTeamCast } from '../../test/factories.ts';
import { createFakeDns } from '../../test/fake-dns.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recheckDomainsCron, recheckDomainsJob } from './custom-domains.routes.ts';

/** Issue 15: custom domains added, checked against DNS (answered here), and removed, by the site's editors only. */
type User = Awaited<ReturnType<typeof signUpUser>>;
const origin = 'http://huddle.example';
const dns = createFakeDns();
let t: TestApp;
let owner: User;
let organizer: User;
let player: User;
let outsider: User;
let siteId: string;

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const addDomain = (cookie: string, domain: string, websiteId = siteId) =>
  call('POST', `/api/websites/${websiteId}/domains`, cookie, { domain });
const added = async (cookie: string, domain: string, websiteId = siteId) => {
  const response = await addDomain(cookie, domain, websiteId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CustomDomain>();
};
const checkNow = async (cookie: string, id: string) => {
  const response = await call('POST', `/api/custom-domains/${id}/check`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CustomDomain>();
};
/** The records Huddle asked for, created as shown. */
const createRecords = (domain: CustomDomain) => {
  const txt = domain.records.find((record) => record.type === 'TXT');
  dns.set(domain.domain, { CNAME: ['huddle.example.'] });
  dns.set(txt?.name ?? '', { TXT: [txt?.value ?? ''] });
};
async function newSite(cookie: string, body: object, publish = true): Promise<string> {
  const site = await call('POST', '/api/websites', cookie, body);
  expect(site.statusCode, site.body).toBe(201);
  const { id } = site.json<{ id: string }>();
  if (publish) await call('POST', `/api/websites/${id}/publish`, cookie, { published: true });
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: origin }, { dns: dns.lookup });
  let teamId: string;
  ({ owner, organizer, player, outsider, teamId } = await createTeamCast(t, {
    team: 'Harbour Herons',
    owner: 'Hana Owner',
    organizer: 'Hugo Organizer',
    player: 'Hal Player',
    outsider: 'Hedy Outsider',
  }));
  siteId = await newSite(owner.cookie, { template: 'club', teamId });
});
beforeEach(async () => {
  dns.clear();
  dns.setUnreachable(false);
  // Each test starts with the team site's domains removed (a site holds at most 5).
  const list = await call('GET', `/api/websites/${siteId}/domains`, owner.cookie);
  for (const domain of list.json<{ domains: CustomDomain[] }>().domains)
    await call('DELETE', `/api/custom-domains/${domain.id}`, owner.cookie);
});
afterAll(async () => {
  await t.close();
});

describe('adding a domain', () => {
  it('normalizes the name (lowercase, no trailing dot, punycode) and shows the records to create', async () => {
    const domain = await added(owner.cookie, '  Club.Herons.Example. ');
    expect(domain.domain).toBe('club.herons.example');
    expect(domain.state).toBe('pending');
    expect(domain.records).toEqual([
      { type: 'CNAME', name: 'club.herons.example', value: 'huddle.example' },
      {
        type: 'TXT',
        name: '_huddle.club.herons.example',
        value: expect.stringMatching(/^huddle-verify=[0-9a-f]{32}$/),
      },
    ]);
    expect((await added(owner.cookie, 'bücher.example')).domain).toBe('xn--bcher-kva.example');
  });

  it.each([
    ['https://club.example.com', customDomainMessages.badDomain],
    ['club.example.com/path', customDomainMessages.badDomain],
    ['club.example.com:8443', customDomainMessages.badDomain],
    ['192.168.1.20', customDomainMessages.ipAddress],
    ['localhost', customDomainMessages.badDomain],
    ['-bad-.example', customDomainMessages.badDomain],
    ['huddle.example', customDomainMessages.ownHost],
    ['sites.huddle.example', customDomainMessages.ownHost],
  ])('refuses %s beside the field', async (input, message) => {
    const response = await addDomain(owner.cookie, input);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.domain).toEqual([message]);
  });

  it('gives a domain to one website only: 12 adds at once from two organizers, one wins', async () => {
    const otherSite = await newSite(outsider.cookie, { template: 'league' });
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0
          ? addDomain(owner.cookie, 'race.example.org')
          : addDomain(outsider.cookie, 'race.example.org', otherSite),
      ),
    );
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(1);
    const lost = replies.filter((reply) => reply.statusCode === 409);
    expect(lost).toHaveLength(11);
    expect(lost[0]?.json().error.fields.domain).toEqual([customDomainMessages.taken]);
  });

  it('holds the limit of 5 per website when 10 are added at once', async () => {
    const site = await newSite(outsider.cookie, { template: 'club' });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) => addDomain(outsider.cookie, `limit${index}.example.net`, site)),
    );
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(5);
    const list = await call('GET', `/api/websites/${site}/domains`, outsider.cookie);
    expect(list.json().domains).toHaveLength(5);
  });
});

describe('checking DNS', () => {
  it('fails with the missing or wrong record named, and verifies once both are right', async () => {
    const domain = await added(owner.cookie, 'check.herons.example');
    const txt = domain.records[1];
    expect((await checkNow(owner.cookie, domain.id)).failureReason).toBe(
      'No TXT record _huddle.check.herons.example was found.',
    );
    dns.set('_huddle.check.herons.example', { TXT: ['huddle-verify=someone-else'] });
    let checked = await checkNow(organizer.cookie, domain.id);
    expect(checked.state).toBe('failed');
    expect(checked.failureReason).toBe(
      'The TXT record _huddle.check.herons.example does not hold the value shown here.',
    );
    dns.set('_huddle.check.herons.example', { TXT: ['v=spf1 -all', txt?.value ?? ''] });
    expect((await checkNow(owner.cookie, domain.id)).failureReason).toBe(
      'No CNAME record for check.herons.example (it should point to huddle.example).',
    );
    dns.set('check.herons.example', { CNAME: ['elsewhere.example.'] });
    expect((await checkNow(owner.cookie, domain.id)).failureReason).toBe(
      'The CNAME record of check.herons.example points to elsewhere.example, not huddle.example.',
    );
    dns.set('check.herons.example', { CNAME: ['HUDDLE.example.'] });
    checked = await checkNow(owner.cookie, domain.id);
    expect(checked).toMatchObject({ state: 'verified', failureReason: null });
    expect(checked.verifiedAt).not.toBeNull();
  });

  it('keeps a verified domain through a DNS timeout, and fails it when its records are gone', async () => {
    const domain = await added(owner.cookie, 'steady.herons.example');
    createRecords(domain);
    expect((await checkNow(owner.cookie, domain.id)).state).toBe('verified');
    dns.setUnreachable(true);
    expect((await checkNow(owner.cookie, domain.id)).state).toBe('verified');
    dns.setUnreachable(false);
    dns.clear();
    const gone = await checkNow(owner.cookie, domain.id);
    expect(gone.state).toBe('failed');
    expect((await call('GET', '/api/custom-domains/allowed?domain=steady.herons.example')).statusCode).toBe(404);
  });

  it('a pending domain that could not be looked up fails with that reason', async () => {
    const domain = await added(owner.cookie, 'offline.herons.example');
    dns.setUnreachable(true);
    expect((await checkNow(owner.cookie, domain.id)).failureReason).toBe(
      'DNS could not be asked about offline.herons.example; it is tried again later.',
    );
  });

  it('re-checks domains on a schedule, so a domain verifies without anyone pressing Check now', async () => {
    expect(t.jobs.schedules.get(recheckDomainsJob)).toBe(recheckDomainsCron);
    const domain = await added(owner.cookie, 'scheduled.herons.example');
    createRecords(domain);
    await t.jobs.runScheduled(recheckDomainsJob);
    const list = await call('GET', `/api/websites/${siteId}/domains`, owner.cookie);
    const found = list.json<{ domains: CustomDomain[] }>().domains.find((item) => item.id === domain.id);
    expect(found?.state).toBe('verified');
  });
});

describe('Caddy’s question (on-demand TLS)', () => {
  it('answers 200 only for a verified domain', async () => {
    const domain = await added(owner.cookie, 'tls.herons.example');
    const allowed = (name: string) => call('GET', `/api/custom-domains/allowed?domain=${encodeURIComponent(name)}`);
    expect((await allowed('tls.herons.example')).statusCode).toBe(404);
    expect((await allowed('nobody.example')).statusCode).toBe(404);
    createRecords(domain);
    await checkNow(owner.cookie, domain.id);
    expect((await allowed('tls.herons.example')).statusCode).toBe(200);
    expect((await allowed('TLS.herons.example.')).statusCode).toBe(200);
  });
});

describe('who may', () => {
  it('lets only the site’s editors list, check and remove its domains (403 on a published site, 404 unpublished)', async () => {
    const domain = await added(owner.cookie, 'guarded.herons.example');
    for (const person of [player, outsider]) {
      expect((await call('GET', `/api/websites/${siteId}/domains`, person.cookie)).statusCode).toBe(403);
      expect((await addDomain(person.cookie, 'theirs.herons.example')).statusCode).toBe(403);
      expect((await call('POST', `/api/custom-domains/${domain.id}/check`, person.cookie)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/custom-domains/${domain.id}`, person.cookie)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/websites/${siteId}/domains`)).statusCode).toBe(401);
    const privateSite = await newSite(owner.cookie, { template: 'club' }, false);
    expect((await call('GET', `/api/websites/${privateSite}/domains`, outsider.cookie)).statusCode).toBe(404);
    expect((await addDomain(outsider.cookie, 'sneaky.example.org', privateSite)).statusCode).toBe(404);
  });

  it('lets the owner remove a domain: it is no longer served', async () => {
    const domain = await added(owner.cookie, 'removed.herons.example');
    createRecords(domain);
    await checkNow(owner.cookie, domain.id);
    expect((await call('DELETE', `/api/custom-domains/${domain.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/custom-domains/allowed?domain=removed.herons.example')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/custom-domains/${domain.id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('with PUBLIC_IPV4 set', () => {
  it('asks for an A record to that address, and verifies with it', async () => {
    const ipDns = createFakeDns();
    const ipApp = await createTestApp({ PUBLIC_ORIGIN: origin, PUBLIC_IPV4: '203.0.113.7' }, { dns: ipDns.lookup });
    try {
      const { owner: ipOwner } = await createTeamCast(ipApp, {
        team: 'Apex Anglers',
        owner: 'Ada Owner',
        organizer: 'Abe Organizer',
        player: 'Ann Player',
        outsider: 'Art Outsider',
      });
      const inject = (method: Method, url: string, payload?: object) =>
        ipApp.app.inject({ method, url, headers: { cookie: ipOwner.cookie }, ...(payload && { payload }) });
      const site = (await inject('POST', '/api/websites', { template: 'club' })).json<{ id: string }>();
      const domain = (
        await inject('POST', `/api/websites/${site.id}/domains`, { domain: 'anglers.example' })
      ).json<CustomDomain>();
      expect(domain.records[0]).toEqual({ type: 'A', name: 'anglers.example', value: '203.0.113.7' });
      ipDns.set('_huddle.anglers.example', { TXT: [domain.records[1]?.value ?? ''] });
      ipDns.set('anglers.example', { A: ['198.51.100.1'] });
      const wrong = (await inject('POST', `/api/custom-domains/${domain.id}/check`)).json<CustomDomain>();
      expect(wrong.failureReason).toBe('The A record of anglers.example is 198.51.100.1, not 203.0.113.7.');
      ipDns.set('anglers.example', { A: ['203.0.113.7'] });
      expect((await inject('POST', `/api/custom-domains/${domain.id}/check`)).json<CustomDomain>().state).toBe(
        'verified',
      );
    } finally {
      await ipApp.close();
    }
  });
});
