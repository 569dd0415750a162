import type { Cast } from './cast.ts';
import { everyone, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 33: what crawlers and link previews read is public, and the same for everyone: a preview
// image shows a page as a visitor sees it, so a team-only event or a private team has none, even
// for its members (their own view is the page itself).
const image = (kind: string, id: (cast: Cast) => string) => (cast: Cast) => ({ params: { kind, id: id(cast) } });

export const seoRows: MatrixRow[] = [
  { route: 'GET /robots.txt', expect: everyone(200) },
  { route: 'GET /sitemap.xml', expect: everyone(200) },
  {
    route: 'GET /sitemaps/{source}/{page}.xml',
    call: () => ({ params: { source: 'events', page: '1' } }),
    expect: everyone(200),
  },
  {
    route: 'GET /og/{kind}/{id}.png',
    target: 'a public event',
    call: image('events', (cast) => cast.publicEvent.id),
    expect: everyone(200),
  },
  {
    route: 'GET /og/{kind}/{id}.png',
    target: 'a team-only event',
    call: image('events', (cast) => cast.teamOnlyEvent.id),
    expect: everyone(404),
  },
  {
    route: 'GET /og/{kind}/{id}.png',
    target: 'a private team',
    call: image('teams', (cast) => cast.privateTeam.id),
    expect: everyone(404),
  },
  {
    route: 'GET /og/{kind}/{id}.png',
    target: 'a public team',
    call: image('teams', (cast) => cast.publicTeam.id),
    expect: everyone(200),
  },
];
