import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  austinCity,
  createEventAs,
  createTeamAs,
  insertPartner,
  insertPlace,
  signUpUser,
  type TestUser,
} from '../test/factories.ts';
import {
  canonicalOf,
  ensureWebBuild,
  expectHeadOnceAndAgreeing,
  expectSameAsApi,
  getPage,
  pageParts,
  webDist,
} from '../test/server-rendered-pages.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The server render of the post and partner pages (issue 33, decision 075's addendum on post and
 * partner pages), through the built web app's server entry and the real services: what the HTML says
 * before any script runs, that the data the browser hydrates from is, key for key, what the API sends
 * the same person, and that an address the post route's loader would send elsewhere is redirected by
 * the server itself.
 */
let t: TestApp;
let author: TestUser;
let reader: TestUser;
let postId: string;
let postPath: string;
let venueId: string;
let hiddenPartnerId: string;
let leagueId: string;
let teamId: string;
const missingId = '00000000-0000-4000-8000-000000000000';
const postTitle = 'Sub <needed> Thursday';
const postText = 'Two spots left, bring a dark shirt. Directions: https://example.com/field';

const get = (url: string, cookie?: string) => getPage(t.app, url, cookie);
/** The page's one JSON-LD node, as a search engine reads it. */
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;
const postQueries = (id: string) => ({ [JSON.stringify(['posts', 'detail', id])]: `/api/posts/${id}` });
const partnerQueries = (id: string) => ({ [JSON.stringify(['partners', 'detail', id])]: `/api/partners/${id}` });
const eventsPartnerQueries = (id: string) => ({
  [JSON.stringify(['partners', 'events', id])]: `/api/partners/${id}/events`,
});

async function writePost(cookie: string, title: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { cookie },
    payload: {
      category: 'play-competition',
      subcategory: 'sub-needed',
      title,
      text: postText,
      place: 'Zilker Park',
      date: '2030-06-06',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ WEB_DIST_DIR: webDist }, { serveWebApp: true });
  author = await signUpUser(t.app, { name: 'Paula Poster' });
  reader = await signUpUser(t.app, { name: 'Rita Reader' });
  postId = await writePost(author.cookie, postTitle);
  postPath = `/posts/play-competition/sub-needed/${postId}`;
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/posts/${postId}/replies`,
    headers: { cookie: reader.cookie },
    payload: { text: 'I can play <b>defense</b>', parentId: null },
  });
  expect(reply.statusCode, reply.body).toBe(201);

  venueId = (
    await insertPartner(
      t.db,
      {
        type: 'venue',
        name: 'Court <House>',
        description: 'Six indoor courts.',
        city: austinCity,
        address: '1900 E 7th St',
      },
      [{ title: 'First open play free', code: 'HUDDLE1', validUntil: '2030-07-01T02:00:00.000Z' }],
    )
  ).id;
  hiddenPartnerId = (await insertPartner(t.db, { type: 'shop', name: 'Hidden Shop', preferred: false })).id;
  teamId = (await createTeamAs(t.app, author.cookie, { name: 'Rec League Team' })).id;
  const place = await insertPlace(t.db, { name: 'League Field', address: '100 Main St, Austin, TX' });
  await createEventAs(t.app, author.cookie, place.id, { title: 'League <Night>', teamId });
  leagueId = (await insertPartner(t.db, { type: 'league', name: 'Austin <Rec> League', city: austinCity, teamId })).id;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('server rendering of a post', () => {
  it('arrives with the post and its replies for a visitor, as the API sends them, its times in UTC', async () => {
    const response = await get(postPath);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { root, state } = pageParts(response.body);
    // Escaped by React: the title's markup is text.
    expect(root).toContain('Sub &lt;needed&gt; Thursday</h1>');
    expect(root).toContain('Two spots left, bring a dark shirt.');
    expect(root).toContain('href="https://example.com/field"');
    expect(root).toContain('I can play &lt;b&gt;defense&lt;/b&gt;');
    expect(root).toContain('By Paula Poster · Zilker Park');
    // The server does not know the reader's zone: when it was posted is said in UTC, named.
    expect(root).toMatch(/Posted <time [^>]*>[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC<\/time>/);
    // Signed out: a way to sign in, nothing to edit, report or reply with.
    expect(root).toContain('Sign in to reply');
    expect(root).not.toContain('>Edit<');
    expect(root).not.toContain('>Report<');
    expect(root).not.toContain('Loading');
    await expectSameAsApi(t.app, state?.queries ?? [], postQueries(postId));
    expectHeadOnceAndAgreeing(response.body, { name: postTitle, type: 'DiscussionForumPosting' });
    expect(jsonLdOf(response.body)).toMatchObject({
      author: { '@type': 'Person', name: 'Paula Poster' },
      articleSection: 'Play & Competition - Sub Needed',
      contentLocation: { name: 'Zilker Park' },
      interactionStatistic: { userInteractionCount: 1 },
    });
    expect(canonicalOf(response.body)).toMatch(new RegExp(`${postPath}$`));
    // The post route's loader (post-addresses.ts) ran and, at the slugs' address, let the page be.
    expect(Object.values(state?.loaderData ?? {})).toEqual([null, null]);
  });

  it('shows its author Edit and Delete, and someone else right after Report and a reply box', async () => {
    const own = pageParts((await get(postPath, author.cookie)).body);
    expect(own.root).toContain('Sub &lt;needed&gt; Thursday</h1>');
    expect(own.root).toContain('>Edit<');
    expect(own.root).toContain('>Delete<');
    expect(own.root).not.toContain('>Report<');
    await expectSameAsApi(t.app, own.state?.queries ?? [], postQueries(postId), author.cookie);
    expect(own.state?.queries.find((query) => query.queryKey[0] === 'posts')?.data).toMatchObject({ mine: true });

    const theirs = pageParts((await get(postPath, reader.cookie)).body);
    expect(theirs.root).not.toContain('>Edit<');
    expect(theirs.root).toContain('>Report<');
    expect(theirs.root).toContain('Your reply');
    expect(theirs.root).not.toContain('Sign in to reply');
    await expectSameAsApi(t.app, theirs.state?.queries ?? [], postQueries(postId), reader.cookie);

    // Their own report is theirs: the button says so for them and no one else.
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/reports`,
      headers: { cookie: reader.cookie },
      payload: { reason: 'spam' },
    });
    expect(report.statusCode, report.body).toBe(201);
    const reported = pageParts((await get(postPath, reader.cookie)).body);
    expect(reported.root).toContain('>Reported<');
    await expectSameAsApi(t.app, reported.state?.queries ?? [], postQueries(postId), reader.cookie);
    expect(pageParts((await get(postPath)).body).root).not.toContain('Reported');
  });

  it('redirects an address naming the category by its name to the slugs, as the browser would, query kept', async () => {
    const named = `/posts/${encodeURIComponent('Play & Competition')}/${encodeURIComponent('Sub Needed')}/${postId}?from=chat`;
    for (const cookie of [undefined, reader.cookie]) {
      const response = await get(named, cookie);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${postPath}?from=chat`);
      expect(response.body).not.toContain('huddle-server-render');
    }
    // The lists under those names too (not rendered on the server, sent on all the same).
    const list = await get(`/posts/${encodeURIComponent('Play & Competition')}`);
    expect(list.statusCode).toBe(302);
    expect(list.headers.location).toBe('/posts/play-competition');
  });

  it('renders a post under segments that name no category, as the browser does, titled by the post', async () => {
    const response = await get(`/posts/nothing/here/${postId}`);
    expect(response.statusCode).toBe(200);
    expect(pageParts(response.body).root).toContain('Sub &lt;needed&gt; Thursday</h1>');
    // No page meta for that address: the title is the one the app sets (root-layout.tsx).
    expect(response.body).toContain('<title>Sub &lt;needed&gt; Thursday | Huddle</title>');
  });

  it('leaves a deleted post, an unknown one and a bad address to the browser', async () => {
    const goneId = await writePost(author.cookie, 'Soon gone');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${goneId}`,
      headers: { cookie: author.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const id of [goneId, missingId, 'not-an-id']) {
      const url = `/posts/play-competition/sub-needed/${id}`;
      const response = await get(url, author.cookie);
      expect(response.statusCode, url).toBe(200);
      expect(pageParts(response.body).state, url).toBeUndefined();
      expect(response.body, url).not.toContain('Soon gone');
    }
  });
});

describe('server rendering of the partner pages', () => {
  it("arrives with a preferred partner and its offers, the offer's last day the UTC day until the browser's", async () => {
    for (const cookie of [undefined, reader.cookie]) {
      const response = await get(`/partner/preferred/${venueId}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const { root, state } = pageParts(response.body);
      expect(root).toContain('Court &lt;House&gt;</h1>');
      expect(root).toContain('Huddle partner · Venue · 1900 E 7th St · Austin, TX');
      expect(root).toContain('First open play free');
      expect(root).toContain('HUDDLE1');
      // 02:00 UTC on July 1 is still June 30 in Austin: the server says the UTC day.
      expect(root).toMatch(/Valid until(<!-- -->)? <time [^>]*>Jul 1, 2030<\/time>/);
      await expectSameAsApi(t.app, state?.queries ?? [], partnerQueries(venueId), cookie);
      expectHeadOnceAndAgreeing(response.body, { name: 'Court <House>', type: 'SportsActivityLocation' });
      expect(jsonLdOf(response.body)).toMatchObject({
        description: 'Six indoor courts.',
        url: expect.stringMatching(new RegExp(`/partner/preferred/${venueId}$`)),
        address: { streetAddress: '1900 E 7th St' },
      });
    }
  });

  it("arrives with an events partner and its team's games, each person's own status in them", async () => {
    const visitor = await get(`/partner/events/${leagueId}`);
    expect(visitor.statusCode).toBe(200);
    const { root, state } = pageParts(visitor.body);
    expect(root).toContain('Austin &lt;Rec&gt; League</h1>');
    expect(root).toContain('>League &lt;Night&gt;</a>');
    expect(root).toContain('Rec League Team');
    expect(root).not.toContain('Loading the partner');
    await expectSameAsApi(t.app, state?.queries ?? [], eventsPartnerQueries(leagueId));
    expectHeadOnceAndAgreeing(visitor.body, { name: 'Austin <Rec> League', type: 'SportsOrganization' });
    expect(jsonLdOf(visitor.body)).toMatchObject({ location: { name: 'Austin, TX' } });

    // The team's organizer, then someone else: each gets their own view of the games.
    const own = pageParts((await get(`/partner/events/${leagueId}`, author.cookie)).body);
    await expectSameAsApi(t.app, own.state?.queries ?? [], eventsPartnerQueries(leagueId), author.cookie);
    const theirs = pageParts((await get(`/partner/events/${leagueId}`, reader.cookie)).body);
    await expectSameAsApi(t.app, theirs.state?.queries ?? [], eventsPartnerQueries(leagueId), reader.cookie);
  });

  it('leaves a partner not shown to the public, a venue under events, unknown ids and bad addresses to the browser', async () => {
    for (const url of [
      `/partner/preferred/${hiddenPartnerId}`,
      `/partner/events/${hiddenPartnerId}`,
      `/partner/events/${venueId}`,
      `/partner/preferred/${missingId}`,
      '/partner/events/not-an-id',
    ]) {
      const response = await get(url, reader.cookie);
      expect(response.statusCode, url).toBe(200);
      expect(pageParts(response.body).state, url).toBeUndefined();
      expect(response.body, url).not.toContain('Hidden Shop');
    }
  });
});
