import { eq } from 'drizzle-orm';
import { customDomains } from '../../features/custom-domains/custom-domains.schema.ts';
import { apiAs, newTeam, type Cast } from './cast.ts';
import { everyone, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 15: a website's custom domains are its editors' (its creator, its team's owner and
// organizers), answered as the site itself: 403 on a published site, 404 on an unpublished one.
// Caddy's question is open to anyone (it says only whether a name is verified).
// Signing in on a custom domain (decision 038): a visitor is sent to sign in first (302), the
// site's editors are handed over (302), anyone else gets the site's 403; the hand-off answers
// only on a verified custom host, so on Huddle's own host it is 404 for everyone.

async function newPublishedTeamSite(cast: Cast): Promise<string> {
  const team = await newTeam(cast, { visibility: 'public', joinPolicy: 'request' });
  const site = await apiAs<{ id: string }>(cast, cast.people.owner, 'POST', '/api/websites', {
    template: 'club',
    teamId: team.id,
  });
  await apiAs(cast, cast.people.owner, 'POST', `/api/websites/${site.id}/publish`, { published: true });
  return site.id;
}
let counter = 0;
async function newDomain(cast: Cast): Promise<{ id: string; domain: string }> {
  const websiteId = await newPublishedTeamSite(cast);
  counter += 1;
  return apiAs<{ id: string; domain: string }>(cast, cast.people.owner, 'POST', `/api/websites/${websiteId}/domains`, {
    domain: `matrix${counter}-${Date.now().toString(36)}.example.org`,
  });
}

/** A domain marked verified straight in the database: the matrix app's DNS answers nothing. */
async function newVerifiedDomain(cast: Cast): Promise<string> {
  const { id, domain } = await newDomain(cast);
  await cast.t.db
    .update(customDomains)
    .set({ state: 'verified', verifiedAt: new Date() })
    .where(eq(customDomains.id, id));
  return domain;
}

export const customDomainRows: MatrixRow[] = [
  {
    route: 'GET /api/websites/{websiteId}/domains',
    target: 'published team site',
    call: async (cast) => ({ params: { websiteId: await newPublishedTeamSite(cast) } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'POST /api/websites/{websiteId}/domains',
    target: 'published team site',
    call: async (cast, role) => ({
      params: { websiteId: await newPublishedTeamSite(cast) },
      payload: { domain: `add-${role}-${Date.now().toString(36)}.example.org` },
    }),
    expect: statuses(401, 403, 403, 201, 201),
  },
  {
    route: 'POST /api/custom-domains/{domainId}/check',
    target: 'a domain of a published team site',
    call: async (cast) => ({ params: { domainId: (await newDomain(cast)).id } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/custom-domains/{domainId}',
    target: 'a domain of a published team site',
    call: async (cast) => ({ params: { domainId: (await newDomain(cast)).id } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/custom-domains/allowed',
    target: 'a pending domain: no certificate',
    call: async (cast) => ({ query: { domain: (await newDomain(cast)).domain } }),
    expect: everyone(404),
  },
  {
    route: 'GET /api/custom-domains/sign-in',
    target: 'next on a verified domain of a published team site',
    call: async (cast) => ({ query: { next: `http://${await newVerifiedDomain(cast)}/form` } }),
    expect: statuses(302, 403, 403, 302, 302),
  },
  {
    route: 'GET /api/custom-domains/hand-off',
    target: 'on Huddle’s own host, which is no custom domain',
    call: () => ({ query: { token: 'never-issued' } }),
    expect: everyone(404),
  },
];
