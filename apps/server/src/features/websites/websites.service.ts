import { templateDocument, templateMeta } from '@huddle/shared/website-templates';
import {
  websiteMessages,
  type PublicWebsite,
  type WebsiteDraft,
  type WebsiteSummary,
  type WebsiteDocument,
  type WebsiteTemplate,
  type saveWebsiteBody,
} from '@huddle/shared/websites';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { formsShowableOnSite } from '../forms/forms.service.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { requireRole } from '../teams/teams.service.ts';
import { websites, type WebsiteRow } from './websites.schema.ts';

const notFound = () => new AppError('NOT_FOUND', websiteMessages.notFound);
const editorRoles = ['owner', 'organizer'];

/** Teams the person owns or organizes: their websites are the person's to edit too. */
async function organizedTeamIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.role, editorRoles)));
  return rows.map((row) => row.teamId);
}

async function canEdit(db: Database, site: WebsiteRow, actorId: string): Promise<boolean> {
  if (site.creatorId === actorId) return true;
  if (!site.teamId) return false;
  const [member] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, site.teamId), eq(teamMembers.userId, actorId)));
  return member !== undefined && editorRoles.includes(member.role);
}

/**
 * A site someone may edit. Anyone else gets 404 for an unpublished site (its existence is
 * private) and 403 for a published one (visitors already know it exists).
 */
async function editableSite(db: Database, websiteId: string, actorId: string): Promise<WebsiteRow> {
  const [site] = await db.select().from(websites).where(eq(websites.id, websiteId));
  if (!site) throw notFound();
  if (!(await canEdit(db, site, actorId)))
    throw site.published ? new AppError('FORBIDDEN', websiteMessages.notEditor) : notFound();
  return site;
}

/** For what hangs off a site (its custom domains): the site, if the actor may edit it; else 403/404 as above. */
export async function requireWebsiteEditor(
  db: Database,
  { websiteId, actorId }: { websiteId: string; actorId: string },
): Promise<WebsiteRow> {
  return editableSite(db, websiteId, actorId);
}

async function teamNames(db: Database, teamIds: (string | null)[]) {
  const ids = [...new Set(teamIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const hasUnpublishedChanges = (site: WebsiteRow) => site.published !== null && site.publishedVersion !== site.version;

async function toDraft(db: Database, site: WebsiteRow): Promise<WebsiteDraft> {
  const names = await teamNames(db, [site.teamId]);
  return {
    id: site.id,
    version: site.version,
    team: site.teamId ? { id: site.teamId, name: names.get(site.teamId) ?? '' } : null,
    meta: site.meta,
    document: site.draft,
    published: site.published !== null,
    hasUnpublishedChanges: hasUnpublishedChanges(site),
    updatedAt: site.updatedAt.toISOString(),
  };
}

export async function listMyWebsites(db: Database, { actorId }: { actorId: string }) {
  const teamIds = await organizedTeamIds(db, actorId);
  const mine = eq(websites.creatorId, actorId);
  const rows = await db
    .select()
    .from(websites)
    .where(teamIds.length > 0 ? or(mine, inArray(websites.teamId, teamIds)) : mine)
    .orderBy(desc(websites.updatedAt))
    .limit(200);
  const names = await teamNames(
    db,
    rows.map((row) => row.teamId),
  );
  const summaries: WebsiteSummary[] = rows.map((site) => ({
    id: site.id,
    title: (site.publishedMeta ?? site.meta).title,
    team: site.teamId ? { id: site.teamId, name: names.get(site.teamId) ?? '' } : null,
    published: site.published !== null,
    hasUnpublishedChanges: hasUnpublishedChanges(site),
    updatedAt: site.updatedAt.toISOString(),
  }));
  return { websites: summaries };
}

/**
 * Spec §4 website resolver: a new site for the current user, from a template with its default
 * values. A team's site needs its owner or an organizer; a team has one site (a second is refused).
 */
export async function createWebsite(
  db: Database,
  { actorId, template, teamId }: { actorId: string; template: WebsiteTemplate; teamId: string | null },
): Promise<WebsiteDraft> {
  let name = 'My website';
  if (teamId) {
    const { team } = await requireRole(db, teamId, actorId, ['owner', 'organizer']);
    name = team.name;
  }
  const [row] = await db
    .insert(websites)
    .values({ creatorId: actorId, teamId, meta: templateMeta(name), draft: templateDocument(template, name) })
    // Two organizers creating the team's site at once: one site, the other is told.
    .onConflictDoNothing({ target: websites.teamId })
    .returning();
  if (!row) throw new AppError('CONFLICT', 'This team already has a website: open it from your sites.');
  return toDraft(db, row);
}

export async function getWebsiteDraft(db: Database, { actorId, websiteId }: { actorId: string; websiteId: string }) {
  return toDraft(db, await editableSite(db, websiteId, actorId));
}

/** The Form blocks of a document: each one's form id (when chosen) and its field path in the save. */
function formBlocksOf(document: WebsiteDocument) {
  return document.pages.flatMap((page, pageIndex) =>
    page.content.flatMap((block, blockIndex) =>
      block.type === 'Form' && block.props.formId !== ''
        ? [{ formId: block.props.formId, field: `document.pages.${pageIndex}.content.${blockIndex}.props.formId` }]
        : [],
    ),
  );
}

/**
 * Decision 061: a Form block names one of the site team's forms (a personal site: one its editor
 * edits), never someone else's. A form that is gone since the saved draft named it stays, so a
 * deleted form does not lock its site's saves; anything else is refused the same way, whether it
 * exists or not.
 */
async function checkFormBlocks(
  db: Database,
  { site, actorId, document }: { site: WebsiteRow; actorId: string; document: WebsiteDocument },
) {
  const blocks = formBlocksOf(document);
  if (blocks.length === 0) return;
  const showable = await formsShowableOnSite(db, {
    actorId,
    siteTeamId: site.teamId,
    formIds: [...new Set(blocks.map((block) => block.formId))],
  });
  const saved = new Set(formBlocksOf(site.draft).map((block) => block.formId));
  const refused = blocks.filter(
    ({ formId }) => showable.get(formId) === false || (!showable.has(formId) && !saved.has(formId)),
  );
  if (refused.length === 0) return;
  const message = site.teamId ? websiteMessages.formNotTeams : websiteMessages.formNotYours;
  throw new AppError('FORBIDDEN', message, Object.fromEntries(refused.map((block) => [block.field, [message]])));
}

export async function saveWebsite(
  db: Database,
  { actorId, websiteId, body }: { actorId: string; websiteId: string; body: z.output<typeof saveWebsiteBody> },
): Promise<WebsiteDraft> {
  const site = await editableSite(db, websiteId, actorId);
  await checkFormBlocks(db, { site, actorId, document: body.document });
  const [saved] = await db
    .update(websites)
    .set({ meta: body.meta, draft: body.document, version: sql`${websites.version} + 1`, updatedAt: new Date() })
    // Saved over the version it was read at, or not at all: the other save stands, this one is told.
    .where(and(eq(websites.id, websiteId), eq(websites.version, body.version)))
    .returning();
  if (!saved) throw new AppError('CONFLICT', websiteMessages.staleDraft);
  return toDraft(db, saved);
}

/** Publish copies the draft as it is now (one statement, so a save racing it is either in or out). */
export async function publishWebsite(
  db: Database,
  { actorId, websiteId, published }: { actorId: string; websiteId: string; published: boolean },
): Promise<WebsiteDraft> {
  await editableSite(db, websiteId, actorId);
  const [row] = await db
    .update(websites)
    .set(
      published
        ? {
            published: sql`${websites.draft}`,
            publishedMeta: sql`${websites.meta}`,
            publishedVersion: sql`${websites.version}`,
          }
        : { published: null, publishedMeta: null, publishedVersion: null },
    )
    .where(eq(websites.id, websiteId))
    .returning();
  if (!row) throw notFound();
  return toDraft(db, row);
}

export async function deleteWebsite(db: Database, { actorId, websiteId }: { actorId: string; websiteId: string }) {
  await editableSite(db, websiteId, actorId);
  await db.delete(websites).where(eq(websites.id, websiteId));
}

/** Spec §4 account deletion: the person's own sites (no team), their custom domains by cascade. */
export async function deletePersonalWebsites(tx: Database, creatorId: string) {
  await tx.delete(websites).where(and(eq(websites.creatorId, creatorId), isNull(websites.teamId)));
}

type PublishedRow = { site: WebsiteRow; team: { id: string; name: string; photoURL: string | null } | null };

function toPublic({ site, team }: PublishedRow): PublicWebsite {
  if (!site.published || !site.publishedMeta) throw notFound();
  return { id: site.id, team, meta: site.publishedMeta, document: site.published };
}

async function findPublished(db: Database, where: ReturnType<typeof eq>): Promise<PublishedRow | undefined> {
  const [row] = await db
    .select({
      site: websites,
      teamId: teams.id,
      teamName: teams.name,
      teamPhoto: teams.photoUrl,
      creator: teams.creatorId,
    })
    .from(websites)
    .leftJoin(teams, eq(teams.id, websites.teamId))
    .where(and(where, isNotNull(websites.published)));
  if (!row) return undefined;
  // Spec §2 guard: a team's site shows only while its team has a creator.
  if (row.site.teamId && !row.creator) return undefined;
  return {
    site: row.site,
    team: row.teamId ? { id: row.teamId, name: row.teamName ?? '', photoURL: row.teamPhoto ?? null } : null,
  };
}

/** Spec §6: a published site is public; an unpublished one does not exist for visitors. */
export async function getPublicWebsite(db: Database, { websiteId }: { websiteId: string }) {
  const row = await findPublished(db, eq(websites.id, websiteId));
  if (!row) throw notFound();
  return toPublic(row);
}

/** Spec §2 organization/{id}: the team's published site (the team must exist and have a creator). */
export async function getTeamWebsite(db: Database, { teamId }: { teamId: string }) {
  const row = await findPublished(db, eq(websites.teamId, teamId));
  if (!row) throw notFound();
  return toPublic(row);
}

/** For the HTML the server sends (link previews): the published site, or undefined. */
export async function findPublicWebsite(
  db: Database,
  by: { websiteId: string } | { teamId: string },
): Promise<PublicWebsite | undefined> {
  const row = await findPublished(
    db,
    'websiteId' in by ? eq(websites.id, by.websiteId) : eq(websites.teamId, by.teamId),
  );
  return row ? toPublic(row) : undefined;
}

/**
 * Which of these public picture URLs a site uses, in its draft, its published copy or either
 * meta (decision 040: the unused-picture sweep keeps these). Matched in the stored JSON's text:
 * the URLs are Huddle's own, with nothing JSON would escape.
 */
export async function imagesUsedBySites(db: Database, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = sql.join(
    urls.map((url) => sql`${url}`),
    sql`, `,
  );
  const rows = await db.execute<{ url: string }>(
    sql`select candidate.url from unnest(array[${list}]::text[]) as candidate(url)
        where exists (
          select 1 from ${websites}
          where strpos(${websites.draft}::text || ${websites.meta}::text || coalesce(${websites.published}::text, '')
            || coalesce(${websites.publishedMeta}::text, ''), candidate.url) > 0
        )`,
  );
  return new Set(rows.rows.map((row) => row.url));
}
