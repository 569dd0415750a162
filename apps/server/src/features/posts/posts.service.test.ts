import { postMessages, postPreview } from '@huddle/shared/posts';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerWebApp } from '../../lib/web-app.ts';
import { austinCity, multipartFile, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { postPageMeta } from './posts.page-meta.ts';
import { postReports } from './posts.schema.ts';

/** Issue 16: the post board's rules, against a real database. */
type User = Awaited<ReturnType<typeof signUpUser>>;
interface Post {
  id: string;
  title: string;
  text: string;
  category: string;
  subcategory: string;
  photos: string[];
  cityName: string | null;
  mine: boolean;
  reportedByMe: boolean;
  replies: { id: string; parentId: string | null; text: string; author: { id: string } }[];
}
interface List {
  posts: { id: string; title: string; preview: string; replyCount: number }[];
  hasMore: boolean;
  order: string;
}

let t: TestApp;
let author: User;
let other: User;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

const postBody = (overrides: object = {}) => ({
  category: 'play-competition',
  subcategory: 'sub-needed',
  title: 'Keeper needed Saturday',
  text: 'Our keeper is out. Game at 9am, bring gloves. https://example.com/map',
  place: 'Zilker Park',
  date: '2031-05-03',
  ...overrides,
});
const write = async (cookie: string, overrides: object = {}) => {
  const response = await call('POST', '/api/posts', cookie, postBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
};
const setCity = (userId: string, city: { name: string; lat: number; lng: number }) =>
  t.db
    .update(users)
    .set({ defaultCityName: city.name, defaultCityLat: city.lat, defaultCityLng: city.lng })
    .where(eq(users.id, userId));

beforeAll(async () => {
  t = await createTestApp();
});
// Fresh people per test: writing is rate limited per person (10 posts in 10 minutes).
beforeEach(async () => {
  author = await signUpUser(t.app, { name: 'Ada Author' });
  other = await signUpUser(t.app, { name: 'Otto Other' });
});
afterAll(async () => {
  await t.close();
});

describe('writing, reading and listing', () => {
  it('reads a post to anyone signed out, with the 100-character preview in lists (spec §6, §9)', async () => {
    const text = 'x'.repeat(150);
    const post = await write(author.cookie, { title: 'Public post', text, subcategory: 'find-a-game' });
    expect(post.mine).toBe(true);
    const read = await call('GET', `/api/posts/${post.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<Post>()).toMatchObject({ title: 'Public post', text, mine: false, reportedByMe: false });
    const list = (await call('GET', '/api/posts?category=play-competition&subcategory=find-a-game')).json<List>();
    const card = list.posts.find((item) => item.id === post.id);
    expect(card?.preview).toBe(`${'x'.repeat(100)}...`);
    expect(postPreview('short')).toBe('short');
  });

  it('refuses writing signed out, an unknown category and a subcategory of another category', async () => {
    expect((await call('POST', '/api/posts', '', postBody())).statusCode).toBe(401);
    const unknown = await call('POST', '/api/posts', author.cookie, postBody({ category: 'nope' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.category).toEqual([postMessages.unknownCategory]);
    const mixed = await call('POST', '/api/posts', author.cookie, postBody({ subcategory: 'tester' }));
    expect(mixed.json().error.fields.subcategory).toEqual([postMessages.unknownSubcategory]);
    // Test's own subcategories are there (spec §3, verbatim).
    await write(author.cookie, { category: 'test', subcategory: 'tester' });
  });

  it('takes only the writer’s own uploaded photos', async () => {
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const upload = multipartFile(photo, { field: 'photo', filename: 'p.png', contentType: 'image/png' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { cookie: other.cookie, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    const { url } = uploaded.json<{ url: string }>();
    const stolen = await call('POST', '/api/posts', author.cookie, postBody({ photos: [url] }));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields['photos.0']).toEqual([postMessages.badPhoto]);
    const foreign = await call('POST', '/api/posts', author.cookie, postBody({ photos: ['javascript:alert(1)'] }));
    expect(foreign.statusCode).toBe(400);
    const own = await write(other.cookie, { photos: [url] });
    expect(own.photos).toEqual([url]);
  });

  it('lists nearest first for a viewer with a city, newest first otherwise', async () => {
    const near = await signUpUser(t.app);
    const far = await signUpUser(t.app);
    await setCity(near.user.id, austinCity);
    await setCity(far.user.id, { name: 'Seattle, WA', lat: 47.6062, lng: -122.3321 });
    const austinPost = await write(near.cookie, { category: 'venues-locations', subcategory: 'facility-rentals' });
    const seattlePost = await write(far.cookie, { category: 'venues-locations', subcategory: 'facility-rentals' });
    expect(seattlePost.cityName).toBe('Seattle, WA');
    const url = '/api/posts?category=venues-locations&subcategory=facility-rentals';
    const anonymous = (await call('GET', url)).json<List>();
    expect(anonymous.order).toBe('newest');
    expect(anonymous.posts.map((post) => post.id)).toEqual([seattlePost.id, austinPost.id]);
    const viewer = await signUpUser(t.app);
    await setCity(viewer.user.id, { name: 'Round Rock, TX', lat: 30.5083, lng: -97.6789 });
    const nearby = (await call('GET', url, viewer.cookie)).json<List>();
    expect(nearby.order).toBe('nearest');
    expect(nearby.posts.map((post) => post.id)).toEqual([austinPost.id, seattlePost.id]);
  });

  it('searches the title and the text, with LIKE characters taken literally, and pages', async () => {
    const a = await write(author.cookie, {
      subcategory: 'match-challenges',
      title: 'Pickleball ladder',
      text: 'Weekly.',
    });
    const b = await write(author.cookie, {
      subcategory: 'match-challenges',
      title: 'Doubles',
      text: 'Any PICKLEBALL fans?',
    });
    await write(author.cookie, { subcategory: 'match-challenges', title: 'Tennis', text: '100% fun' });
    const found = (await call('GET', '/api/posts?category=play-competition&q=pickleball')).json<List>();
    expect(found.posts.map((post) => post.id).sort()).toEqual([a.id, b.id].sort());
    const percent = (await call('GET', '/api/posts?subcategory=match-challenges&q=%25')).json<List>();
    expect(percent.posts.map((post) => post.title)).toEqual(['Tennis']);
    const page = (await call('GET', '/api/posts?subcategory=match-challenges&limit=2')).json<List>();
    expect(page.posts).toHaveLength(2);
    expect(page.hasMore).toBe(true);
    const rest = (await call('GET', '/api/posts?subcategory=match-challenges&limit=2&offset=2')).json<List>();
    expect(rest.hasMore).toBe(false);
    expect((await call('GET', `/api/posts?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('limits', () => {
  it('takes 10 posts from one person in 10 minutes, then answers 429', async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => call('POST', '/api/posts', author.cookie, postBody())),
    );
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes).toEqual([...Array.from({ length: 10 }, () => 201), 429, 429]);
    // Another person is not held by it.
    expect((await call('POST', '/api/posts', other.cookie, postBody())).statusCode).toBe(201);
  });
});

describe('editing and deleting (authorization)', () => {
  it('lets only the author edit: another user gets 403 and the post is unchanged', async () => {
    const post = await write(author.cookie);
    const attempt = await call('PUT', `/api/posts/${post.id}`, other.cookie, postBody({ title: 'Hijacked' }));
    expect(attempt.statusCode).toBe(403);
    expect((await call('PUT', `/api/posts/${post.id}`, '', postBody())).statusCode).toBe(401);
    expect((await call('GET', `/api/posts/${post.id}`)).json<Post>().title).toBe(post.title);
    const edited = await call('PUT', `/api/posts/${post.id}`, author.cookie, postBody({ title: 'Keeper found' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Post>().title).toBe('Keeper found');
  });

  it('lets only the author delete; a deleted post is gone from reads, lists and edits', async () => {
    const post = await write(author.cookie, { subcategory: 'tournaments-events' });
    expect((await call('DELETE', `/api/posts/${post.id}`, other.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/posts/${post.id}`, author.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/posts/${post.id}`, author.cookie)).statusCode).toBe(404);
    expect((await call('PUT', `/api/posts/${post.id}`, author.cookie, postBody())).statusCode).toBe(404);
    const list = (await call('GET', '/api/posts?subcategory=tournaments-events')).json<List>();
    expect(list.posts.map((item) => item.id)).not.toContain(post.id);
  });
});

describe('replies', () => {
  it('threads one level deep: an answer to an answer joins the top-level thread', async () => {
    const post = await write(author.cookie);
    const top = (await call('POST', `/api/posts/${post.id}/replies`, other.cookie, { text: 'I can play' })).json<{
      id: string;
    }>();
    const answer = await call('POST', `/api/posts/${post.id}/replies`, author.cookie, {
      text: 'Great',
      parentId: top.id,
    });
    expect(answer.statusCode).toBe(201);
    const deeper = await call('POST', `/api/posts/${post.id}/replies`, other.cookie, {
      text: 'See you',
      parentId: answer.json<{ id: string }>().id,
    });
    expect(deeper.json()).toMatchObject({ parentId: top.id });
    const read = (await call('GET', `/api/posts/${post.id}`)).json<Post>();
    expect(read.replies.map((reply) => [reply.text, reply.parentId])).toEqual([
      ['I can play', null],
      ['Great', top.id],
      ['See you', top.id],
    ]);
    expect((await call('POST', `/api/posts/${post.id}/replies`, '', { text: 'Anon' })).statusCode).toBe(401);
  });

  it('refuses a parent from another post and empty text', async () => {
    const first = await write(author.cookie);
    const second = await write(author.cookie);
    const reply = (await call('POST', `/api/posts/${first.id}/replies`, other.cookie, { text: 'Hi' })).json<{
      id: string;
    }>();
    const crossed = await call('POST', `/api/posts/${second.id}/replies`, other.cookie, {
      text: 'Hi',
      parentId: reply.id,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.fields.parentId).toEqual([postMessages.unknownParentReply]);
    expect((await call('POST', `/api/posts/${first.id}/replies`, other.cookie, { text: '   ' })).statusCode).toBe(400);
  });
});

describe('reports', () => {
  it('keeps one report per person and post when 10 arrive at once', async () => {
    const post = await write(author.cookie);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `/api/posts/${post.id}/reports`, other.cookie, { reason: 'spam' })),
    );
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)?.json().error.message).toBe(postMessages.alreadyReported);
    const rows = await t.db.select().from(postReports).where(eq(postReports.postId, post.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: other.user.id, reason: 'spam' });
    expect((await call('GET', `/api/posts/${post.id}`, other.cookie)).json<Post>().reportedByMe).toBe(true);
  });

  it('refuses reporting your own post, signed out, or with an unknown reason', async () => {
    const post = await write(author.cookie);
    expect((await call('POST', `/api/posts/${post.id}/reports`, author.cookie, { reason: 'spam' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/posts/${post.id}/reports`, '', { reason: 'spam' })).statusCode).toBe(401);
    expect((await call('POST', `/api/posts/${post.id}/reports`, other.cookie, { reason: 'boring' })).statusCode).toBe(
      400,
    );
  });
});

describe('the HTML sent for a post page (link previews, no JavaScript)', () => {
  let dir: string;
  let web: FastifyInstance;
  const origin = 'https://huddle.example';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'huddle-posts-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><head><meta name="description" content="Huddle app" /><title>Huddle</title></head><div id="root"></div>',
    );
    web = Fastify();
    await registerWebApp(web, dir, { currentUser: async () => null, pageMeta: postPageMeta(t.db, origin) });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries the post’s title and its preview, escaped', async () => {
    const post = await write(author.cookie, {
      title: 'Sub <b>"needed"</b>',
      text: `Bring <script>x</script> ${'y'.repeat(120)}`,
    });
    const page = await web.inject({ method: 'GET', url: `/posts/play-competition/sub-needed/${post.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<title>Sub &lt;b&gt;&quot;needed&quot;&lt;/b&gt; | Play &amp; Competition - Sub Needed</title>',
    );
    expect(page.body).toContain(
      `<meta name="description" content="Bring &lt;script&gt;x&lt;/script&gt; ${'y'.repeat(75)}...">`,
    );
    expect(page.body).toContain(
      `<meta property="og:url" content="${origin}/posts/play-competition/sub-needed/${post.id}">`,
    );
    expect(page.body).not.toContain('<script>x');
  });

  it('keeps index.html’s tags for a deleted, unknown or malformed post address', async () => {
    const post = await write(author.cookie);
    await call('DELETE', `/api/posts/${post.id}`, author.cookie);
    for (const url of [
      `/posts/play-competition/sub-needed/${post.id}`,
      '/posts/play-competition/sub-needed/not-a-uuid',
      '/posts/play-competition/sub-needed/00000000-0000-4000-8000-000000000000',
    ]) {
      const reply = await web.inject({ method: 'GET', url });
      expect(reply.body).toContain('<title>Huddle</title>');
      expect(reply.body).not.toContain('og:title');
    }
  });
});
