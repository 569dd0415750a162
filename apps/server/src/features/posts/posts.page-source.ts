import { postEndpoints } from '@huddle/shared/posts';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getPost } from './posts.service.ts';

/**
 * A post's page for a server-rendered posts/{category}/{subcategory}/{id} (decision 075's addendum
 * on post and partner pages): what GET /api/posts/{postId} sends this viewer (the same service, on
 * the primary as the route reads it: `mine` and `reportedByMe` are theirs), or null (no such post,
 * or deleted).
 */
export function postsPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'post'> {
  return {
    post: (_request, viewerId, postId) =>
      endpointReplyOrNull(postEndpoints.get, { postId }, ({ postId }) => getPost(db, { viewerId, postId })),
  };
}
