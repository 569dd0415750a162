import { postKeys } from '../../features/posts/api/post-query-keys.ts';
import type { ContentPageData } from './content-page-data.ts';

/**
 * posts/{category}/{subcategory}/{id} (pages/post-page.tsx): the post and its replies, as this
 * person sees them (their own post's Edit and Delete, their Report). No such post, or deleted: the
 * browser renders the page and says so. An address naming its category by name never gets here:
 * the route's loader (post-addresses.ts) sends it to the slugs' address, on the server too.
 */
export const postPageData: ContentPageData = async ({ params, client, sources, named }) => {
  const postId = params.postId ?? '';
  const post = await sources.content.post(postId);
  if (!post) return false;
  client.setQueryData(postKeys.detail(postId), post);
  named(post.title);
  return true;
};
