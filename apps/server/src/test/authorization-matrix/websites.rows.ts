import type { WebsiteDocument } from '@huddle/shared/websites';
import { createTeamAs } from '../factories.ts';
import { apiAs, newTeam, type Cast, type Person } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 15: a website's creator and its team's owner and organizers edit it; a published site is
// public, an unpublished one exists only for its editors. A team has one site: each call makes a
// fresh team (the owner's, with the cast's organizer and member in it).

interface Site {
  id: string;
  version: number;
  meta: object;
  document: WebsiteDocument;
}

async function newTeamSite(cast: Cast, { published }: { published: boolean }) {
  const team = await newTeam(cast, { visibility: 'public', joinPolicy: 'request' });
  const site = await apiAs<Site>(cast, cast.people.owner, 'POST', '/api/websites', {
    template: 'club',
    teamId: team.id,
  });
  if (published) await apiAs(cast, cast.people.owner, 'POST', `/api/websites/${site.id}/publish`, { published: true });
  return { site, teamId: team.id };
}
/** A form made by `person`, in `teamId` or their own. */
const formOf = async (cast: Cast, person: Person, teamId: string | null) =>
  (await apiAs<{ id: string }>(cast, person, 'POST', '/api/forms', { title: 'Tryouts', teamId })).id;

/** The site's save, its home page with a Form block naming `formId` (decision 061). */
function saveWithFormBlock(site: Site, formId: string) {
  const [home, ...rest] = site.document.pages;
  const block = { type: 'Form' as const, props: { id: 'join-form', heading: 'Join', formId, buttonLabel: 'Send' } };
  return {
    params: { websiteId: site.id },
    payload: {
      version: site.version,
      meta: site.meta,
      document: { ...site.document, pages: [{ ...home!, content: [...home!.content, block] }, ...rest] },
    },
  };
}

const published = async (cast: Cast) => ({
  params: { websiteId: (await newTeamSite(cast, { published: true })).site.id },
});
const unpublished = async (cast: Cast) => ({
  params: { websiteId: (await newTeamSite(cast, { published: false })).site.id },
});

export const websiteRows: MatrixRow[] = [
  { route: 'GET /api/websites', expect: signedIn(200) },
  {
    route: 'POST /api/websites',
    target: 'my own',
    call: () => ({ payload: { template: 'league' } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/websites',
    target: 'for a team (its owner and organizers)',
    call: async (cast) => ({
      payload: { template: 'club', teamId: (await newTeam(cast, { visibility: 'public', joinPolicy: 'open' })).id },
    }),
    expect: statuses(401, 403, 403, 201, 201),
  },
  {
    route: 'GET /api/websites/{websiteId}/draft',
    target: 'published team site',
    call: published,
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'GET /api/websites/{websiteId}/draft',
    target: 'unpublished: hidden from who may not edit it',
    call: unpublished,
    expect: statuses(401, 404, 404, 200, 200),
  },
  {
    route: 'PUT /api/websites/{websiteId}',
    target: 'unpublished team site',
    call: async (cast) => {
      const { site } = await newTeamSite(cast, { published: false });
      return {
        params: { websiteId: site.id },
        payload: { version: site.version, meta: site.meta, document: site.document },
      };
    },
    expect: statuses(401, 404, 404, 200, 200),
  },
  {
    route: 'PUT /api/websites/{websiteId}',
    target: 'a Form block naming a form of the site’s team',
    call: async (cast) => {
      const { site, teamId } = await newTeamSite(cast, { published: false });
      return saveWithFormBlock(site, await formOf(cast, cast.people.owner, teamId));
    },
    expect: statuses(401, 404, 404, 200, 200),
  },
  {
    route: 'PUT /api/websites/{websiteId}',
    target: 'a Form block naming another team’s form: refused to its editors too',
    call: async (cast) => {
      const { site } = await newTeamSite(cast, { published: false });
      const elsewhere = await createTeamAs(cast.t.app, cast.bystander.cookie);
      return saveWithFormBlock(site, await formOf(cast, cast.bystander, elsewhere.id));
    },
    expect: statuses(401, 404, 404, 403, 403),
  },
  {
    route: 'PUT /api/websites/{websiteId}',
    target: 'a Form block naming an editor’s own form, not the team’s',
    call: async (cast) => {
      const { site } = await newTeamSite(cast, { published: false });
      return saveWithFormBlock(site, await formOf(cast, cast.people.owner, null));
    },
    expect: statuses(401, 404, 404, 403, 403),
  },
  {
    route: 'POST /api/websites/{websiteId}/publish',
    target: 'published team site',
    call: async (cast) => ({ ...(await published(cast)), payload: { published: false } }),
    expect: statuses(401, 403, 403, 200, 200),
  },
  {
    route: 'DELETE /api/websites/{websiteId}',
    target: 'published team site',
    call: published,
    expect: statuses(401, 403, 403, 200, 200),
  },
  { route: 'GET /api/websites/{websiteId}', target: 'published', call: published, expect: everyone(200) },
  { route: 'GET /api/websites/{websiteId}', target: 'unpublished', call: unpublished, expect: everyone(404) },
  {
    route: 'GET /api/teams/{teamId}/website',
    target: 'published',
    call: async (cast) => ({ params: { teamId: (await newTeamSite(cast, { published: true })).teamId } }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/teams/{teamId}/website',
    target: 'unpublished',
    call: async (cast) => ({ params: { teamId: (await newTeamSite(cast, { published: false })).teamId } }),
    expect: everyone(404),
  },
];
