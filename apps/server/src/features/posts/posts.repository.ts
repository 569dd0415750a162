import type { LatLng } from '@huddle/shared/places';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { postReplies, postReports, posts } from './posts.schema.ts';

export type PostRow = typeof posts.$inferSelect;
export type NewPost = Pick<
  typeof posts.$inferInsert,
  'authorId' | 'category' | 'subcategory' | 'title' | 'text' | 'place' | 'date' | 'photos' | 'cityName' | 'lat' | 'lng'
>;
export type PostChanges = Pick<
  typeof posts.$inferInsert,
  'category' | 'subcategory' | 'title' | 'text' | 'place' | 'date' | 'photos'
>;

const author = { authorName: users.name, authorImage: users.image };

const replyCount = sql<number>`(select count(*)::int from ${postReplies} r where r.post_id = ${posts.id})`;

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (character) => `\\${character}`)}%`;

export interface PostListFilter {
  category: string | undefined;
  subcategory: string | undefined;
  q: string | undefined;
  near: LatLng | undefined;
  limit: number;
  offset: number;
}

/**
 * The board's posts, without deleted ones. Nearest first from a point (the posts_earth_idx KNN
 * operator; posts without a position last), then newest; newest first without one. The search
 * matches the words anywhere in the title and text (posts_search_trgm_idx). One row more than
 * the limit tells whether there are more.
 */
export async function listPostRows(db: Database, filter: PostListFilter) {
  const conditions: (SQL | undefined)[] = [isNull(posts.deletedAt)];
  if (filter.category) conditions.push(eq(posts.category, filter.category));
  if (filter.subcategory) conditions.push(eq(posts.subcategory, filter.subcategory));
  if (filter.q) conditions.push(sql`(${posts.title} || ' ' || ${posts.text}) ilike ${likePattern(filter.q)}`);
  const near = filter.near;
  const order = near
    ? [
        sql`ll_to_earth(${posts.lat}, ${posts.lng}) <-> ll_to_earth(${near.lat}, ${near.lng}) asc nulls last`,
        desc(posts.createdAt),
        desc(posts.id),
      ]
    : [desc(posts.createdAt), desc(posts.id)];
  return db
    .select({ post: posts, ...author, replyCount })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(filter.limit + 1)
    .offset(filter.offset);
}

/** A post that is not deleted, with its author. */
export async function findPostRow(db: Database, postId: string) {
  const [row] = await db
    .select({ post: posts, ...author })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  return row;
}

export async function insertPost(db: Database, post: NewPost): Promise<PostRow> {
  const [row] = await db.insert(posts).values(post).returning();
  if (!row) throw new Error('post insert returned nothing');
  return row;
}

/** Changes the author's own post; undefined when it is gone or someone else's. */
export async function updatePostRow(db: Database, postId: string, authorId: string, changes: PostChanges, now: Date) {
  const [row] = await db
    .update(posts)
    .set({ ...changes, editedAt: now })
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId), isNull(posts.deletedAt)))
    .returning();
  return row;
}

export async function markPostDeleted(db: Database, postId: string, authorId: string, now: Date) {
  const [row] = await db
    .update(posts)
    .set({ deletedAt: now })
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId), isNull(posts.deletedAt)))
    .returning({ id: posts.id });
  return row !== undefined;
}

/** A post's replies, oldest first, with their authors. */
export async function listReplyRows(db: Database, postId: string, limit: number) {
  return db
    .select({ reply: postReplies, ...author })
    .from(postReplies)
    .innerJoin(users, eq(users.id, postReplies.authorId))
    .where(eq(postReplies.postId, postId))
    .orderBy(asc(postReplies.createdAt), asc(postReplies.id))
    .limit(limit);
}

export async function findReplyRow(db: Database, replyId: string) {
  const [row] = await db.select().from(postReplies).where(eq(postReplies.id, replyId));
  return row;
}

export async function insertReply(db: Database, reply: typeof postReplies.$inferInsert) {
  const [row] = await db.insert(postReplies).values(reply).returning();
  if (!row) throw new Error('reply insert returned nothing');
  return row;
}

export async function findAuthor(db: Database, userId: string) {
  const [row] = await db.select({ name: users.name, image: users.image }).from(users).where(eq(users.id, userId));
  return row;
}

/** Inserts the report unless this person already reported the post (the unique index decides). */
export async function insertReportOnce(db: Database, report: typeof postReports.$inferInsert): Promise<boolean> {
  const rows = await db.insert(postReports).values(report).onConflictDoNothing().returning({ id: postReports.id });
  return rows.length === 1;
}

export async function hasReported(db: Database, postId: string, reporterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: postReports.id })
    .from(postReports)
    .where(and(eq(postReports.postId, postId), eq(postReports.reporterId, reporterId)));
  return row !== undefined;
}

export type ReportOutcome = 'dismissed' | 'removed';

/** The admin queue: reports no admin has handled yet, oldest first, with their post and reporter. */
export async function listOpenReports(db: Database, limit: number) {
  return db
    .select({
      id: postReports.id,
      reason: postReports.reason,
      details: postReports.details,
      createdAt: postReports.createdAt,
      reporterName: users.name,
      reporterEmail: users.email,
      postId: posts.id,
      postTitle: posts.title,
      postText: posts.text,
      postCategory: posts.category,
      postSubcategory: posts.subcategory,
      postDeletedAt: posts.deletedAt,
    })
    .from(postReports)
    .innerJoin(posts, eq(posts.id, postReports.postId))
    .innerJoin(users, eq(users.id, postReports.reporterId))
    .where(isNull(postReports.handledAt))
    .orderBy(asc(postReports.createdAt), asc(postReports.id))
    .limit(limit);
}

/** Closes one open report; false when it is unknown or already handled. */
export async function closeReport(db: Database, reportId: string, outcome: ReportOutcome, now: Date) {
  const rows = await db
    .update(postReports)
    .set({ handledAt: now, outcome })
    .where(and(eq(postReports.id, reportId), isNull(postReports.handledAt)))
    .returning({ id: postReports.id });
  return rows.length === 1;
}

/** Closes every open report of the post; how many. */
export async function closeReportsOfPost(db: Database, postId: string, outcome: ReportOutcome, now: Date) {
  const rows = await db
    .update(postReports)
    .set({ handledAt: now, outcome })
    .where(and(eq(postReports.postId, postId), isNull(postReports.handledAt)))
    .returning({ id: postReports.id });
  return rows.length;
}

/** Takes the post off the board whoever wrote it (an admin's removal); false when already gone. */
export async function markPostRemoved(db: Database, postId: string, now: Date) {
  const [row] = await db
    .update(posts)
    .set({ deletedAt: now })
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .returning({ id: posts.id });
  return row !== undefined;
}
