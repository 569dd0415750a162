import type { ContentPageSources } from '@huddle/shared/content-page-sources';
import type { CurrentUser } from '@huddle/shared/users';
import type { QueryClient } from '@tanstack/react-query';
import type { RenderRequest } from '../../lib/render-request.ts';

/**
 * ContentPageData for the pages made for the person rather than for an address (discover and home:
 * decision 075's addendum "discover and home"): they read the session's user (their city, unit) and
 * what the server knows of the browser (its language, a visitor's picked city).
 */
export type ViewerPageData = (args: {
  params: Record<string, string | undefined>;
  url: URL;
  client: QueryClient;
  sources: { session: { user: CurrentUser | null }; content: ContentPageSources; request: RenderRequest };
}) => Promise<boolean>;
