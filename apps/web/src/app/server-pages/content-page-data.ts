import type { ContentPageSources } from '@huddle/shared/content-page-sources';
import type { QueryClient } from '@tanstack/react-query';

/**
 * How a server-rendered content page (team, place, … : decision 075's addendum) puts its data in the
 * render's query client, under exactly the keys its page's hooks read, so hydrating asks the API for
 * none of it. False: the page's main read failed (not found, private to this person): the browser
 * renders the page and shows what the API says. Registered in entry-server.tsx's serverRenderedPages.
 */
export type ContentPageData = (args: {
  params: Record<string, string | undefined>;
  client: QueryClient;
  sources: { session: { user: { id: string } | null }; content: ContentPageSources };
  /** The name the page gives itself (its usePageName), for the HTML's title where no page meta gives one. */
  named: (name: string) => void;
}) => Promise<boolean>;
