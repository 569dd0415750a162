// The server render of the first page (decision 075): built for Node into dist/.ssr/ (vite.config.ts)
// and loaded by the server (apps/server/src/lib/server-render.ts). The route table is the app's own,
// run through React Router's static handler; the page's data comes from the server's own services,
// for the person who asked, into a query client made for this one request.
import type { getSessionEndpoint } from '@huddle/shared/accounts';
import type { EndpointReply } from '@huddle/shared/endpoint';
import type { ContentPageSources } from '@huddle/shared/content-page-sources';
import type { EventView } from '@huddle/shared/events';
import { eventPageName } from '@huddle/shared/page-names';
import type { ServerRenderState } from '@huddle/shared/landing-pages';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type DataStrategyFunction,
  type DataStrategyResult,
} from 'react-router';
import { sessionQueryKey } from '../features/accounts/api/get-session.ts';
import { eventQueryOptions } from '../features/events/api/get-event.ts';
import { myFavoritesQueryOptions } from '../features/events/api/list-my-favorites.ts';
import { teamKeys as fairTeamKeys } from '../features/fair-teams/api/team-query-keys.ts';
import { substituteKeys } from '../features/substitutes/api/substitute-query-keys.ts';
import { invitationAnswerable } from '../features/substitutes/invitation-answerable.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { namedPageTitle, pageTitle } from './page-title.ts';
import { preloadAppShell } from './layouts/lazy-app-shell.tsx';
import { redirectPostNamesToSlugs } from './post-addresses.ts';
import { Providers } from './providers.tsx';
import { renderToHtml } from './render-to-html.ts';
import { routes } from './routes.tsx';
import { eventsPartnerPageData } from './server-pages/events-partner-page-data.ts';
import { shellPageData, unreadMessagesIn } from './server-pages/shell-page-data.ts';
import { partnerPageData } from './server-pages/partner-page-data.ts';
import { RenderRequestContext, type RenderRequest } from '../lib/render-request.ts';
import { discoverPageData } from './server-pages/discover-page-data.ts';
import { homePageData } from './server-pages/home-page-data.ts';
import { placePageData } from './server-pages/place-page-data.ts';
import { postPageData } from './server-pages/post-page-data.ts';
import { profilePageData } from './server-pages/profile-page-data.ts';
import { teamPageData } from './server-pages/team-page-data.ts';
import { tournamentPageData } from './server-pages/tournament-page-data.ts';

// Sign-in and sign-up (issue 33): auth.html's own small app, rendered apart from the route table.
export { renderAuthPage } from './auth-page-render.tsx';

/** What the server answers for, as its API would send it to this person. */
export interface ServerPageSources {
  /** GET /api/auth/session's reply for the person asking. */
  session: EndpointReply<typeof getSessionEndpoint>;
  /** GET /api/events/{id}'s reply (for this viewer), or null where the API answers with an error. */
  event: (eventId: string, occurrence: string | null) => Promise<EventView | null>;
  /** Team, place, … pages (decision 075's addendum): their GET endpoints' replies for this person, or null. */
  content: ContentPageSources;
  /** What the server knows of the browser (its language, a visitor's picked city, its time zone). */
  request: RenderRequest;
}

export interface ServerRenderedPage {
  /** The markup of #root. */
  html: string;
  /** The data block the browser hydrates from (main.tsx). */
  state: ServerRenderState;
  /** The page's <title>, as the app sets it once it runs (root-layout.tsx; issue 33). */
  title: string;
}

/**
 * The pages rendered on the server, by their path in the route table, and how each puts its data in
 * the query cache under the keys its page reads. False: the page cannot be rendered (the event is not
 * there): the browser renders it, and shows what the API says.
 */
const serverRenderedPages: Record<
  string,
  (args: {
    params: Record<string, string | undefined>;
    url: URL;
    client: QueryClient;
    sources: ServerPageSources;
    /** The name the page gives itself (its usePageName), for its title. */
    named: (name: string) => void;
  }) => Promise<boolean>
> = {};
/**
 * The event view for this viewer on the date the address names; for a signed-in person also what
 * the page shows them besides the event, read at once (issue 33): their favourites (the Favourite
 * button), their substitute invitation to the date (the banner at the top, which pushed the page
 * down when it arrived after hydration) and the date's published teams. A read that failed is left
 * to the browser, which asks as before.
 */
const eventPage: (typeof serverRenderedPages)[string] = async ({ params, url, client, sources, named }) => {
  const eventId = params.eventId ?? '';
  // The page's ?occurrence= (use-occurrence-param.ts), as the page asks for it.
  const occurrence = url.searchParams.get('occurrence');
  const view = await sources.event(eventId, occurrence);
  if (!view) return false;
  client.setQueryData(eventQueryOptions(eventId, occurrence).queryKey, view);
  named(eventPageName(view));
  const user = sources.session.user;
  if (!user) return true;
  const date = view.occurrence.startsAt;
  const [favorites, invitation, teams] = await Promise.all([
    sources.content.myFavorites(),
    // Only when the page asks for it: not for someone already in the game (most who open it).
    invitationAnswerable(view, user.id) ? sources.content.mySubstituteInvitation(eventId, date) : null,
    sources.content.publishedTeams(eventId, date),
  ]);
  if (favorites) client.setQueryData(myFavoritesQueryOptions().queryKey, favorites);
  if (invitation) client.setQueryData(substituteKeys.mine(eventId, date), invitation);
  if (teams) client.setQueryData(fairTeamKeys.published(eventId, date), teams);
  return true;
};
// Spec §2: the event view under its three addresses.
for (const path of ['discover/events/:eventId', 'discover/games/:eventId', 'evt/:eventId'])
  serverRenderedPages[path] = eventPage;
// Content pages (decision 075's addendum), each page's data in its own module (server-pages/).
serverRenderedPages['team/:teamId'] = teamPageData;
serverRenderedPages['places/view/:placeId'] = placePageData;
serverRenderedPages['profile/:userId'] = profilePageData;
serverRenderedPages['tournament/:tournamentId'] = tournamentPageData;
serverRenderedPages['posts/:category/:subcategory/:postId'] = postPageData;
serverRenderedPages['partner/preferred/:partnerId'] = partnerPageData;
serverRenderedPages['partner/events/:partnerId'] = eventsPartnerPageData;
// Discover and home (decision 075's addendum "discover and home").
serverRenderedPages.discover = serverRenderedPages['discover/:context'] = discoverPageData;
serverRenderedPages.home = homePageData;

const handler = createStaticHandler(routes);

/**
 * Loaders that decide from the address alone (no session, no query client): run on the server as in
 * the browser, so a page the browser would leave for another address is left on the server too, with
 * a real redirect, and the page rendered is the one the browser shows (decision 075's addendum on
 * post and partner pages).
 */
const loadersOfTheAddress = new Set<unknown>([redirectPostNamesToSlugs]);

/**
 * The route table's other loaders are the browser's guards, which read the session through the
 * browser's query client. Here the server has decided already (it knows the session), so they are not
 * run: each matched route's lazy module is loaded and its loader data is null, which is what the
 * guards of the rendered pages return.
 */
const guardsAnsweredByServer: DataStrategyFunction = async ({ matches }) => {
  const results: Record<string, DataStrategyResult> = {};
  await Promise.all(
    matches.map(async (match) => {
      results[match.route.id] = loadersOfTheAddress.has(match.route.loader)
        ? await match.resolve()
        : await match.resolve(async () => null);
    }),
  );
  return results;
};

/** Where a loader of the address sends the browser (post-addresses.ts): the server answers with the same redirect. */
export interface ServerRedirect {
  redirect: { status: number; location: string };
}

/**
 * The page at `url` (path and query) rendered for the person `sources` answers for; a redirect where
 * the route's loader of the address sends it elsewhere; null for any page not rendered here.
 */
export async function renderPage(
  url: string,
  sources: ServerPageSources,
): Promise<ServerRenderedPage | ServerRedirect | null> {
  const location = new URL(url, 'http://huddle.invalid');
  const client = createQueryClient();
  client.setQueryData(sessionQueryKey, sources.session);
  const context = await handler.query(new Request(location), { dataStrategy: guardsAnsweredByServer });
  if (context instanceof Response) {
    const to = context.headers.get('location');
    return to && context.status >= 300 && context.status < 400
      ? { redirect: { status: context.status, location: to } }
      : null;
  }
  if (context.errors) return null;
  const page = context.matches.at(-1);
  const loadPage = page?.route.path ? serverRenderedPages[page.route.path] : undefined;
  if (!page || !loadPage) return null;
  let name: string | null = null;
  const named = (pageName: string) => (name = pageName);
  const [loaded] = await Promise.all([
    loadPage({ params: page.params, url: location, client, sources, named }),
    sources.session.user ? shellPageData(client, sources.content) : undefined,
  ]);
  if (!loaded) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // A signed-in person's page has the app shell, which the browser loads before hydrating: rendered
  // in place here too, not behind a Suspense boundary the browser would not have (decision 082).
  if (sources.session.user) await preloadAppShell();
  const html = await renderToHtml(
    <StrictMode>
      <RenderRequestContext value={sources.request}>
        <Providers queryClient={client}>
          {/* hydrate={false}: React Router's own hydration script is inline, which the CSP refuses; the state goes in a data block. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </RenderRequestContext>
    </StrictMode>,
  );
  return {
    html,
    state: {
      loaderData: context.loaderData,
      queries: client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'success')
        .map((query) => ({ queryKey: query.queryKey, data: query.state.data })),
      viewerTimeZone: sources.request.timeZone,
    },
    // What RootLayout sets, the unread message count first (from the shell's data).
    title: name
      ? namedPageTitle(name, unreadMessagesIn(client))
      : pageTitle(location.pathname, unreadMessagesIn(client)),
  };
}
