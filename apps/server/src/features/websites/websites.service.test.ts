import {
  siteElementId,
  websiteDocument,
  websiteMessages,
  type SiteBootstrap,
  type WebsiteDocument,
} from '@huddle/shared/websites';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import { registerWebApp } from '../../lib/web-app.ts';
import type { signUpUser } from '../../test/factories.ts';
import { createEventAs, createTeamAs, createTeamCast, insertPlace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { websitePages } from './websites.page-meta.ts';

/** Issue 15: websites saved, published and read, with their rules held under load. */
type User = Awaited<ReturnType<typeof signUpUser>>;
interface Draft {
  id: string;
  version: number;
  meta: { title: string; description: string; logoUrl: string };
  document: WebsiteDocument;
  published: boolean;
  hasUnpublishedChanges: boolean;
}
let t: TestApp;
let owner: User;
let organizer: User;
let player: User;
let outsider: User;
let teamId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, organizer, player, outsider, teamId } = await createTeamCast(t, {
    team: 'Westside Wolves',
    owner: 'Wendy Owner',
    organizer: 'Walt Organizer',
    player: 'Wes Player',
    outsider: 'Wilma Outsider',
  }));
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const create = async (cookie: string, body: object = { template: 'club' }) => {
  const response = await call('POST', '/api/websites', cookie, body);
  expect(response.statusCode).toBe(201);
  return response.json<Draft>();
};
const save = (cookie: string, draft: Draft, document: WebsiteDocument = draft.document) =>
  call('PUT', `/api/websites/${draft.id}`, cookie, { version: draft.version, meta: draft.meta, document });
const withHeroText = (document: WebsiteDocument, text: string): WebsiteDocument => ({
  ...document,
  pages: document.pages.map((page, index) =>
    index === 0
      ? {
          ...page,
          content: page.content.map((block) =>
            block.type === 'Hero' ? { ...block, props: { ...block.props, text } } : block,
          ),
        }
      : page,
  ),
});

describe('creating from a template (spec §3 default values, §4 resolver)', () => {
  it('gives a personal site with the template’s pages, valid as it is', async () => {
    const draft = await create(outsider.cookie, { template: 'league' });
    expect(draft.document.pages.map((page) => page.path)).toEqual(['', 'schedule', 'players', 'join', 'contact']);
    expect(websiteDocument.safeParse(draft.document).success).toBe(true);
    expect(draft.published).toBe(false);
  });

  it('refuses a team site to a player of the team', async () => {
    expect((await call('POST', '/api/websites', player.cookie, { teamId })).statusCode).toBe(403);
  });

  it('makes one site per team when its organizers create it at once', async () => {
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Race Ravens' });
    await t.db.insert(teamMembers).values({ teamId: team.id, userId: organizer.user.id, role: 'organizer' });
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call('POST', '/api/websites', index % 2 ? owner.cookie : organizer.cookie, { teamId: team.id }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });
});

describe('the draft', () => {
  it('is the editors’ alone: others get 404 and cannot save, publish or delete it', async () => {
    const draft = await create(outsider.cookie);
    for (const cookie of [owner.cookie, player.cookie]) {
      expect((await call('GET', `/api/websites/${draft.id}/draft`, cookie)).statusCode).toBe(404);
      expect((await save(cookie, draft)).statusCode).toBe(404);
      expect((await call('POST', `/api/websites/${draft.id}/publish`, cookie, { published: true })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/api/websites/${draft.id}`, cookie)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/websites/${draft.id}/draft`, outsider.cookie)).statusCode).toBe(200);
  });

  it('refuses a stale save with 409, and of parallel saves of one version keeps exactly one', async () => {
    const draft = await create(outsider.cookie);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        save(outsider.cookie, draft, withHeroText(draft.document, `Take ${index}`)),
      ),
    );
    const codes = replies.map((reply) => reply.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(7);
    expect(replies.find((reply) => reply.statusCode === 409)?.json().error.message).toBe(websiteMessages.staleDraft);
    const latest = (await call('GET', `/api/websites/${draft.id}/draft`, outsider.cookie)).json<Draft>();
    expect(latest.version).toBe(draft.version + 1);
  });

  it('lets the team’s organizer edit the owner’s team site', async () => {
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Shared Sharks' });
    await t.db.insert(teamMembers).values({ teamId: team.id, userId: organizer.user.id, role: 'organizer' });
    const draft = await create(owner.cookie, { template: 'club', teamId: team.id });
    expect((await save(organizer.cookie, draft)).statusCode).toBe(200);
  });
});

describe('a Form block (decision 061)', () => {
  const newForm = async (cookie: string, team: string | null) => {
    const response = await call('POST', '/api/forms', cookie, { title: 'Tryouts', teamId: team });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };
  /** The document with a Form block naming `formId` added to its home page. */
  const withFormBlock = (document: WebsiteDocument, formId: string): WebsiteDocument => ({
    ...document,
    pages: document.pages.map((page, index) =>
      index === 0
        ? {
            ...page,
            content: [
              ...page.content,
              { type: 'Form', props: { id: 'join-form', heading: 'Join', formId, buttonLabel: 'Send' } },
            ],
          }
        : page,
    ),
  });
  const saved = async (cookie: string, draft: Draft, document: WebsiteDocument) => {
    const response = await save(cookie, draft, document);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Draft>();
  };

  it('on a personal site names the editor’s forms (their team’s too), never someone else’s', async () => {
    const draft = await create(organizer.cookie, { template: 'league' });
    const fieldOf = (document: WebsiteDocument) =>
      `document.pages.0.content.${document.pages[0]!.content.length - 1}.props.formId`;
    const own = await saved(
      organizer.cookie,
      draft,
      withFormBlock(draft.document, await newForm(organizer.cookie, null)),
    );
    const teams = await saved(organizer.cookie, own, withFormBlock(own.document, await newForm(owner.cookie, teamId)));

    for (const formId of [await newForm(outsider.cookie, null), '00000000-0000-4000-8000-000000000000']) {
      const document = withFormBlock(teams.document, formId);
      const response = await save(organizer.cookie, teams, document);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'FORBIDDEN',
        message: websiteMessages.formNotYours,
        fields: { [fieldOf(document)]: [websiteMessages.formNotYours] },
      });
    }
  });

  // Each on a team of its own: a team has one site, and the later tests make the cast team's.
  it('on a team site names only that team’s forms', async () => {
    const team = await createTeamAs(t.app, owner.cookie);
    const draft = await create(owner.cookie, { template: 'club', teamId: team.id });
    const ours = await saved(owner.cookie, draft, withFormBlock(draft.document, await newForm(owner.cookie, team.id)));
    const elsewhere = await createTeamAs(t.app, outsider.cookie);
    for (const formId of [await newForm(outsider.cookie, elsewhere.id), await newForm(owner.cookie, null)]) {
      const response = await save(owner.cookie, ours, withFormBlock(ours.document, formId));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(websiteMessages.formNotTeams);
    }
  });

  it('keeps a form deleted since the draft named it, so the site can still be saved', async () => {
    const team = await createTeamAs(t.app, owner.cookie);
    const draft = await create(owner.cookie, { template: 'club', teamId: team.id });
    const formId = await newForm(owner.cookie, team.id);
    const named = await saved(owner.cookie, draft, withFormBlock(draft.document, formId));
    expect((await call('DELETE', `/api/forms/${formId}`, owner.cookie)).statusCode).toBe(200);
    await saved(owner.cookie, named, withHeroText(named.document, 'Still here'));
  });
});

describe('the document schema', () => {
  const base = async () => create(outsider.cookie);
  it('refuses javascript: URLs in block props', async () => {
    const draft = await base();
    const [home, ...rest] = draft.document.pages;
    const evil: WebsiteDocument = {
      ...draft.document,
      pages: [
        {
          ...home!,
          content: [
            {
              type: 'Hero',
              props: {
                id: 'x',
                heading: 'Hi',
                text: '',
                imageUrl: '',
                buttonLabel: 'Go',
                buttonHref: 'javascript:alert(1)',
              },
            },
          ],
        },
        ...rest,
      ],
    };
    const reply = await save(outsider.cookie, draft, evil);
    expect(reply.statusCode).toBe(400);
    expect(JSON.stringify(reply.json().error.fields)).toContain(websiteMessages.badUrl);
    const image = { ...evil, theme: { ...evil.theme, logoUrl: 'data:text/html,<script>' } };
    expect((await save(outsider.cookie, draft, image)).statusCode).toBe(400);
  });

  it('refuses oversized text, unknown blocks and too many pages', async () => {
    const draft = await base();
    expect((await save(outsider.cookie, draft, withHeroText(draft.document, 'x'.repeat(501)))).statusCode).toBe(400);
    const unknown = structuredClone(draft.document) as unknown as { pages: { content: object[] }[] };
    unknown.pages[0]!.content.push({ type: 'Script', props: { id: 's', src: 'https://evil.test/x.js' } });
    expect((await save(outsider.cookie, draft, unknown as unknown as WebsiteDocument)).statusCode).toBe(400);
    const many = {
      ...draft.document,
      pages: Array.from({ length: 13 }, (_, index) => ({
        id: `p${index}`,
        title: 'P',
        path: index ? `p${index}` : '',
        content: [],
      })),
    };
    expect((await save(outsider.cookie, draft, many)).statusCode).toBe(400);
    expect((await call('GET', `/api/websites/${draft.id}/draft`, outsider.cookie)).json<Draft>().version).toBe(
      draft.version,
    );
  });
});

describe('formatted text (decision 041)', () => {
  const withRichText = (document: WebsiteDocument, content: unknown): WebsiteDocument => ({
    ...document,
    pages: document.pages.map((page, index) =>
      index === 0
        ? { ...page, content: [{ type: 'RichText', props: { id: 'rich', heading: 'About', content } }] as never }
        : page,
    ),
  });

  it('stores the structure and gives it back to visitors as it was saved', async () => {
    const draft = await create(outsider.cookie);
    const content = [
      { type: 'heading3', runs: [{ text: 'Tryouts' }] },
      {
        type: 'paragraph',
        runs: [{ text: 'Bring ' }, { text: 'boots', bold: true }, { text: 'rules', italic: true, href: '/join' }],
      },
      { type: 'bulletList', items: [[{ text: '<script>alert(1)</script>' }]] },
    ];
    expect((await save(outsider.cookie, draft, withRichText(draft.document, content))).statusCode).toBe(200);
    await call('POST', `/api/websites/${draft.id}/publish`, outsider.cookie, { published: true });
    const site = (await call('GET', `/api/websites/${draft.id}`)).json<{ document: WebsiteDocument }>();
    expect(site.document.pages[0]?.content[0]).toEqual({
      type: 'RichText',
      props: { id: 'rich', heading: 'About', content },
    });
  });

  it('refuses HTML, a javascript: link and unknown nodes through the API, and keeps the draft', async () => {
    const draft = await create(outsider.cookie);
    for (const content of [
      '<p>Hi<script>alert(1)</script></p>',
      [{ type: 'paragraph', runs: [{ text: 'x', href: 'javascript:alert(1)' }] }],
      [{ type: 'paragraph', runs: [{ text: 'x', href: 'data:text/html,<script>alert(1)</script>' }] }],
      [{ type: 'html', html: '<img src=x onerror=alert(1)>' }],
      [{ type: 'paragraph', runs: [{ text: 'x', onclick: 'alert(1)' }] }],
    ]) {
      const reply = await save(outsider.cookie, draft, withRichText(draft.document, content));
      expect(reply.statusCode, JSON.stringify(content)).toBe(400);
    }
    const plain = structuredClone(draft.document) as unknown as { pages: { content: object[] }[] };
    plain.pages[0]!.content = [{ type: 'RichText', props: { id: 'old', heading: '', text: '<b>plain</b>' } }];
    expect((await save(outsider.cookie, draft, plain as unknown as WebsiteDocument)).statusCode).toBe(400);
    expect((await call('GET', `/api/websites/${draft.id}/draft`, outsider.cookie)).json<Draft>().version).toBe(
      draft.version,
    );
  });
});

describe('publishing and the public read', () => {
  it('shows visitors the published copy, not later drafts, and nothing once unpublished', async () => {
    const draft = await create(owner.cookie, { template: 'club', teamId });
    expect((await call('GET', `/api/websites/${draft.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/teams/${teamId}/website`)).statusCode).toBe(404);
    const saved = (await save(owner.cookie, draft, withHeroText(draft.document, 'First words'))).json<Draft>();
    const published = (
      await call('POST', `/api/websites/${draft.id}/publish`, owner.cookie, { published: true })
    ).json<Draft>();
    expect(published).toMatchObject({ published: true, hasUnpublishedChanges: false });
    await save(owner.cookie, saved, withHeroText(saved.document, 'Not yet published'));
    const visitor = await call('GET', `/api/teams/${teamId}/website`);
    expect(visitor.statusCode).toBe(200);
    expect(JSON.stringify(visitor.json())).toContain('First words');
    expect(JSON.stringify(visitor.json())).not.toContain('Not yet published');
    await call('POST', `/api/websites/${draft.id}/publish`, owner.cookie, { published: false });
    expect((await call('GET', `/api/websites/${draft.id}`)).statusCode).toBe(404);
  });

  it('hides a team’s site when the team has no creator (spec §2 guard)', async () => {
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Orphan Otters' });
    const draft = await create(owner.cookie, { template: 'club', teamId: team.id });
    await call('POST', `/api/websites/${draft.id}/publish`, owner.cookie, { published: true });
    expect((await call('GET', `/api/teams/${team.id}/website`)).statusCode).toBe(200);
    await t.db.update(teams).set({ creatorId: null }).where(eq(teams.id, team.id));
    expect((await call('GET', `/api/teams/${team.id}/website`)).statusCode).toBe(404);
    expect((await call('GET', `/api/websites/${draft.id}`)).statusCode).toBe(404);
  });
});

describe('the HTML sent for a site page (link previews, no JavaScript)', () => {
  let dir: string;
  let web: FastifyInstance;
  const origin = 'https://huddle.example';
  const siteHtml =
    '<!doctype html><head><meta name="description" content="A team site" /><title>Huddle</title><script type="module" src="/assets/site.js"></script></head><div id="root"></div>';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'huddle-sites-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><head><meta name="description" content="Huddle app" /><title>Huddle</title></head><div id="root"></div>',
    );
    writeFileSync(path.join(dir, 'site.html'), siteHtml);
    web = Fastify();
    await registerWebApp(web, dir, {
      currentUser: async () => null,
      sitePage: websitePages(t.db, systemClock, origin),
    });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries the site’s title, description and image, escaped, on both addresses', async () => {
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Meta Marlins' });
    const place = await insertPlace(t.db);
    await createEventAs(t.app, owner.cookie, place.id, { teamId: team.id, title: 'Marlins open swim' });
    await createEventAs(t.app, owner.cookie, place.id, { teamId: team.id, title: 'Members only', visibility: 'team' });
    const draft = await create(owner.cookie, { template: 'club', teamId: team.id });
    const meta = {
      title: 'Marlins <b>"Club"</b>',
      description: 'Swim & <script>alert(1)</script>',
      logoUrl: '/uploads/logo.png',
    };
    await call('PUT', `/api/websites/${draft.id}`, owner.cookie, {
      version: draft.version,
      meta,
      document: draft.document,
    });
    await call('POST', `/api/websites/${draft.id}/publish`, owner.cookie, { published: true });

    const home = await web.inject({ method: 'GET', url: `/organization/${team.id}` });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Marlins &lt;b&gt;&quot;Club&quot;&lt;/b&gt;</title>');
    expect(home.body).toContain('<meta property="og:title" content="Marlins &lt;b&gt;&quot;Club&quot;&lt;/b&gt;">');
    expect(home.body).toContain('<meta name="description" content="Swim &amp; &lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(home.body).toContain(`<meta property="og:image" content="${origin}/uploads/logo.png">`);
    expect(home.body).toContain(`<meta property="og:url" content="${origin}/organization/${team.id}">`);
    expect(home.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(home.body).not.toContain('<script>alert(1)');
    expect(home.body).not.toContain('Huddle app');
    // The site's light entry (decision 041), with the published site to draw at once, escaped.
    expect(home.body).toContain('src="/assets/site.js"');
    // The club template shows the team's upcoming events: they come with the page, as a visitor gets
    // them (the team-only one is not in it: the page is the same for everyone).
    const teamEvents = (await call('GET', `/api/teams/${team.id}/events`)).json<SiteBootstrap['teamEvents']>();
    expect(teamEvents?.events.map((event) => event.title)).toEqual(['Marlins open swim']);
    expect(siteDataOf(home.body)).toEqual({
      basePath: `/organization/${team.id}`,
      site: (await call('GET', `/api/websites/${draft.id}`)).json(),
      teamEvents,
    });
    expect(home.body).toContain('Swim & \\u003cscript>alert(1)\\u003c/script>');

    const join = await web.inject({ method: 'GET', url: `/site/view/${draft.id}/join` });
    expect(join.statusCode).toBe(200);
    expect(join.body).toContain('<title>Join | Marlins &lt;b&gt;&quot;Club&quot;&lt;/b&gt;</title>');
    expect(siteDataOf(join.body)?.basePath).toBe(`/site/view/${draft.id}`);
    // The join page shows no events: the page carries none (nothing is looked up for it).
    expect(siteDataOf(join.body)).not.toHaveProperty('teamEvents');
    // A page the site does not have: its own not-found page, 404.
    const missing = await web.inject({ method: 'GET', url: `/site/view/${draft.id}/no-such-page` });
    expect(missing.statusCode).toBe(404);
    expect(siteDataOf(missing.body)?.site?.id).toBe(draft.id);
  });

  it('answers an unpublished or unknown site with 404 and no site, and sends a team without one to the root', async () => {
    const draft = await create(outsider.cookie);
    for (const url of [`/site/view/${draft.id}`, '/site/view/not-a-uuid']) {
      const reply = await web.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.body).toContain('<title>Huddle</title>');
      expect(reply.body).not.toContain('og:title');
      expect(siteDataOf(reply.body)?.site).toBeNull();
    }
    for (const url of ['/organization/00000000-0000-4000-8000-000000000000', '/organization/not-a-uuid']) {
      const reply = await web.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(302);
      expect(reply.headers.location).toBe('/');
    }
  });

  it('sends Huddle’s own pages index.html, not the site entry', async () => {
    const reply = await web.inject({ method: 'GET', url: '/site' });
    expect(reply.body).toContain('Huddle app');
    expect(siteDataOf(reply.body)).toBeNull();
  });
});

function siteDataOf(html: string): SiteBootstrap | null {
  const match = new RegExp(`<script type="application/json" id="${siteElementId}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1] ?? '') as SiteBootstrap) : null;
}
