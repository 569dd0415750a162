import { postPaths, postSlugsNamed } from '@huddle/shared/posts';
import { redirect, type LoaderFunctionArgs } from 'react-router';

/**
 * posts/{category}[/{subcategory}[/{postId}]]: a category or subcategory named by its name
 * (/posts/Play%20%26%20Competition/Sub%20Needed) goes to the same page by slugs (issue 30), so
 * each list has one address. A segment that names nothing is left to the page (not found).
 * It reads the address alone, so the server runs it too (entry-server.tsx) and answers such an
 * address with the same redirect before rendering anything.
 */
export function redirectPostNamesToSlugs({ params, request }: LoaderFunctionArgs) {
  const { category = '', subcategory, postId } = params;
  const slugs = postSlugsNamed(category, subcategory);
  if (!slugs || (slugs.category === category && slugs.subcategory === subcategory)) return null;
  const list = slugs.subcategory
    ? postPaths.subcategory(slugs.category, slugs.subcategory)
    : postPaths.category(slugs.category);
  const post = postId === undefined ? '' : `/${encodeURIComponent(postId)}`;
  throw redirect(`${list}${post}${new URL(request.url).search}`);
}
