import { apiAs, newTeam, type Cast } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 15: a website's creator and its team's owner and organizers edit it; a published site is
// public, an unpublished one exists only for its editors. A team has one site: each call makes a
// fresh team (the owner's, with the cast's organizer and member in it).

interface Site {
  id: string;
  version: number;
  meta: object;
  document: object;
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
