import { findPostCategory, findPostSubcategory, postPreview } from '@huddle/shared/posts';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { PageMeta } from '../../lib/web-app.ts';
import { discussionPostingLd } from '../seo/structured-data.ts';
import { getPost } from './posts.service.ts';

const uuid = z.uuid();
/** posts/{category}/{subcategory}/{postId} (spec §2). */
const postPath = /^\/posts\/([^/]+)\/([^/]+)\/([^/]+)\/?$/;

const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/**
 * The title and description of a post's page in the HTML the server sends (spec §6: posts are
 * public), so a shared link shows the post: its title, its first 100 characters (spec §9), its
 * first photo; and its DiscussionForumPosting for search engines. A deleted or unknown post keeps
 * index.html's own tags.
 */
export function postPageMeta(db: Database, publicOrigin: string) {
  return async (pathname: string): Promise<PageMeta | null> => {
    const match = postPath.exec(pathname);
    if (!match) return null;
    const [, category = '', subcategory = '', postId = ''] = match;
    if (!uuid.safeParse(postId).success || !findPostSubcategory(category, subcategory)) return null;
    const post = await getPost(db, { viewerId: undefined, postId }).catch(() => null);
    if (!post) return null;
    const where = `${findPostCategory(post.category)?.name ?? ''} - ${findPostSubcategory(post.category, post.subcategory)?.name ?? ''}`;
    const photos = post.photos.map((photo) => absolute(photo, publicOrigin));
    const url = `${publicOrigin}/posts/${post.category}/${post.subcategory}/${post.id}`;
    return {
      title: `${post.title} | ${where}`,
      description: postPreview(post.text),
      image: photos[0] ?? null,
      url,
      structuredData: [
        discussionPostingLd({
          title: post.title,
          text: post.text,
          url,
          section: where,
          images: photos,
          authorName: post.author.displayName,
          publishedAt: post.createdAt,
          editedAt: post.editedAt,
          place: post.place,
          replyCount: post.replyCount,
        }),
      ],
    };
  };
}
