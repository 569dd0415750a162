import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import {
  findPostSubcategory,
  postMessages,
  postPreview,
  type PostDetail,
  type PostReplyItem,
  type PostSummary,
  type postBody,
  type postListQuery,
  type postReplyBody,
  type postReportBody,
} from '@huddle/shared/posts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { getCurrentUser } from '../accounts/accounts.service.ts';
import {
  closeReport,
  closeReportsOfPost,
  findAuthor,
  findPostRow,
  findReplyRow,
  hasReported,
  insertPost,
  insertReply,
  insertReportOnce,
  listOpenReports,
  listPostRows,
  listReplyRows,
  markPostDeleted,
  markPostRemoved,
  updatePostRow,
  type PostRow,
} from './posts.repository.ts';

export interface PostDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
}

/** A thread holds this many replies; the post view shows them all (decision 042). */
const repliesShown = 500;

const notFound = () => new AppError('NOT_FOUND', postMessages.notFound);

const personOf = (id: string, name: string, image: string | null) => ({
  id,
  displayName: name.trim() || displayNameFallback,
  photoURL: image || defaultPhotoPath,
});

function summaryOf(post: PostRow, authorName: string, authorImage: string | null, replyCount: number): PostSummary {
  return {
    id: post.id,
    category: post.category,
    subcategory: post.subcategory,
    title: post.title,
    preview: postPreview(post.text),
    place: post.place,
    date: post.date,
    cityName: post.cityName,
    photoCount: post.photos.length,
    replyCount,
    author: personOf(post.authorId, authorName, authorImage),
    createdAt: post.createdAt.toISOString(),
  };
}

/** Spec §6: the board is public. Nearest first when the viewer has a city (spec issue 16), else newest. */
export async function listPosts(
  db: Database,
  { viewerId, query }: { viewerId: string | undefined; query: z.output<typeof postListQuery> },
) {
  const near = viewerId ? ((await getCurrentUser(db, viewerId)).defaultCity ?? undefined) : undefined;
  const rows = await listPostRows(db, {
    category: query.category,
    subcategory: query.subcategory,
    q: query.q || undefined,
    near,
    limit: query.limit,
    offset: query.offset,
  });
  return {
    posts: rows
      .slice(0, query.limit)
      .map((row) => summaryOf(row.post, row.authorName, row.authorImage, row.replyCount)),
    hasMore: rows.length > query.limit,
    order: near ? ('nearest' as const) : ('newest' as const),
  };
}

export async function getPost(
  db: Database,
  { viewerId, postId }: { viewerId: string | undefined; postId: string },
): Promise<PostDetail> {
  const row = await findPostRow(db, postId);
  if (!row) throw notFound();
  const replies = await listReplyRows(db, postId, repliesShown);
  const {
    preview: _preview,
    photoCount: _photoCount,
    ...summary
  } = summaryOf(row.post, row.authorName, row.authorImage, replies.length);
  return {
    ...summary,
    text: row.post.text,
    photos: row.post.photos,
    editedAt: row.post.editedAt?.toISOString() ?? null,
    replies: replies.map(({ reply, authorName, authorImage }) => ({
      id: reply.id,
      parentId: reply.parentId,
      author: personOf(reply.authorId, authorName, authorImage),
      text: reply.text,
      createdAt: reply.createdAt.toISOString(),
    })),
    mine: viewerId === row.post.authorId,
    reportedByMe: viewerId ? await hasReported(db, postId, viewerId) : false,
  };
}

/**
 * The fields a write stores. Photos must be the writer's own uploads from POST /api/images
 * (images/{userId}-…): a post cannot show someone else's picture or another site's address.
 */
function postFields(storage: FileStorage, actorId: string, body: z.output<typeof postBody>) {
  if (!findPostSubcategory(body.category, body.subcategory)) {
    throw new AppError('VALIDATION_FAILED', undefined, { subcategory: [postMessages.unknownSubcategory] });
  }
  body.photos.forEach((url, index) => {
    if (!storage.keyOf(url)?.startsWith(`images/${actorId}-`)) {
      throw new AppError('VALIDATION_FAILED', undefined, { [`photos.${index}`]: [postMessages.badPhoto] });
    }
  });
  return {
    category: body.category,
    subcategory: body.subcategory,
    title: body.title,
    text: body.text,
    place: body.place?.trim() || null,
    date: body.date,
    photos: [...new Set(body.photos)],
  };
}

export async function createPost(
  { db, storage }: PostDeps,
  { actorId, body }: { actorId: string; body: z.output<typeof postBody> },
): Promise<PostDetail> {
  const fields = postFields(storage, actorId, body);
  // The post sits where its author lives (decision 042): "near you" needs no place picker.
  const city = (await getCurrentUser(db, actorId)).defaultCity;
  const post = await insertPost(db, {
    ...fields,
    authorId: actorId,
    cityName: city?.name ?? null,
    lat: city?.lat ?? null,
    lng: city?.lng ?? null,
  });
  return getPost(db, { viewerId: actorId, postId: post.id });
}

/** Another person's post: 403 (it is public, so its existence is no secret); a deleted one 404. */
async function requireOwnPost(db: Database, postId: string, actorId: string) {
  const row = await findPostRow(db, postId);
  if (!row) throw notFound();
  if (row.post.authorId !== actorId) throw new AppError('FORBIDDEN', postMessages.notYourPost);
  return row.post;
}

export async function updatePost(
  { db, storage, clock }: PostDeps,
  { actorId, postId, body }: { actorId: string; postId: string; body: z.output<typeof postBody> },
): Promise<PostDetail> {
  await requireOwnPost(db, postId, actorId);
  const fields = postFields(storage, actorId, body);
  // The author check is in the update too: a post deleted in between is not written.
  if (!(await updatePostRow(db, postId, actorId, fields, clock.now()))) throw notFound();
  return getPost(db, { viewerId: actorId, postId });
}

export async function deletePost({ db, clock }: PostDeps, { actorId, postId }: { actorId: string; postId: string }) {
  await requireOwnPost(db, postId, actorId);
  if (!(await markPostDeleted(db, postId, actorId, clock.now()))) throw notFound();
}

/** One level of threads: a reply answers the post, or a top-level reply of the same post. */
export async function replyToPost(
  db: Database,
  { actorId, postId, body }: { actorId: string; postId: string; body: z.output<typeof postReplyBody> },
): Promise<PostReplyItem> {
  if (!(await findPostRow(db, postId))) throw notFound();
  let parentId: string | null = null;
  if (body.parentId) {
    const parent = await findReplyRow(db, body.parentId);
    if (!parent || parent.postId !== postId) {
      throw new AppError('VALIDATION_FAILED', undefined, { parentId: [postMessages.unknownParentReply] });
    }
    // Answering an answer joins its thread rather than nesting deeper.
    parentId = parent.parentId ?? parent.id;
  }
  const reply = await insertReply(db, { postId, parentId, authorId: actorId, text: body.text });
  const person = await findAuthor(db, actorId);
  return {
    id: reply.id,
    parentId: reply.parentId,
    author: personOf(actorId, person?.name ?? '', person?.image ?? null),
    text: reply.text,
    createdAt: reply.createdAt.toISOString(),
  };
}

/** A report goes to the admin queue; once per person and post, however many arrive at once. */
export async function reportPost(
  db: Database,
  { actorId, postId, body }: { actorId: string; postId: string; body: z.output<typeof postReportBody> },
) {
  const row = await findPostRow(db, postId);
  if (!row) throw notFound();
  if (row.post.authorId === actorId) throw new AppError('FORBIDDEN', postMessages.cannotReportOwn);
  const inserted = await insertReportOnce(db, {
    postId,
    reporterId: actorId,
    reason: body.reason,
    details: body.details,
  });
  if (!inserted) throw new AppError('CONFLICT', postMessages.alreadyReported);
  return { reported: true as const };
}

// The admin queue (issue 17). The admin feature checks who asks and writes the audit row in
// the same transaction; `db` may be that transaction.

export async function listReportQueue(db: Database, limit: number) {
  return (await listOpenReports(db, limit)).map((row) => ({
    ...row,
    reporterName: row.reporterName.trim() || displayNameFallback,
    createdAt: row.createdAt.toISOString(),
    postDeleted: row.postDeletedAt !== null,
  }));
}

export async function dismissReport(db: Database, { reportId, now }: { reportId: string; now: Date }) {
  if (!(await closeReport(db, reportId, 'dismissed', now))) {
    throw new AppError('NOT_FOUND', 'This report is not in the queue.');
  }
}

/** Removes the post from the board and closes its open reports; 404 when there is no such post. */
export async function removeReportedPost(db: Database, { postId, now }: { postId: string; now: Date }) {
  const removed = await markPostRemoved(db, postId, now);
  const closed = await closeReportsOfPost(db, postId, 'removed', now);
  if (!removed && closed === 0) throw new AppError('NOT_FOUND', 'Post not found');
  return { removed, closedReports: closed };
}
