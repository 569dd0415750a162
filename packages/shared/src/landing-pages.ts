/**
 * The pages people most often open first (a bookmark, a shared link), with the modules the web
 * app's route table loads lazily for each (apps/web/src/app/routes.tsx). The server sends
 * index.html for them with <link rel="modulepreload"> for those modules' chunks, so a page's
 * own code downloads beside the app's first scripts instead of after them (decision 021).
 * A test in apps/web checks this table against the route table.
 */
export interface LandingPage {
  /** A sample address, for the test that checks it against the route table. */
  example: string;
  matches: RegExp;
  /** Source files under apps/web, as Vite's manifest names them. */
  modules: readonly string[];
  /** What a signed-in person's page loads first besides: the app shell, which pages open to everyone load lazily (decision 082). */
  signedInModules?: readonly string[];
}

const signedInLayout = 'src/app/layouts/signed-in-route.tsx';
const publicLayout = 'src/app/layouts/public-profile-route.tsx';
/** The app shell: pages open to everyone show it to a signed-in person only, and load it lazily (decision 082). */
export const appShellModule = 'src/app/app-shell.tsx';

/** First match wins: an event's address also matches discover's `discover/:context`. */
export const landingPages: readonly LandingPage[] = [
  { example: '/home', matches: /^\/home\/?$/, modules: [signedInLayout, 'src/app/pages/home-page.tsx'] },
  {
    example: '/discover/events/abc',
    matches: /^\/(discover\/(events|games)|evt)\/[^/]+\/?$/,
    modules: [publicLayout, 'src/app/pages/event-page.tsx'],
    signedInModules: [appShellModule],
  },
  {
    example: '/discover/map',
    matches: /^\/discover(\/[^/]+)?\/?$/,
    modules: [publicLayout, 'src/app/pages/discover-page.tsx'],
    signedInModules: [appShellModule],
  },
  {
    example: '/team/abc',
    matches: /^\/team\/[^/]+\/?$/,
    modules: [publicLayout, 'src/app/pages/team-page.tsx'],
    signedInModules: [appShellModule],
  },
  {
    example: '/profile/abc',
    matches: /^\/profile\/[^/]+\/?$/,
    modules: [publicLayout, 'src/app/pages/public-profile-page.tsx'],
    signedInModules: [appShellModule],
  },
];

export function landingPageFor(pathname: string): LandingPage | undefined {
  return landingPages.find((page) => page.matches.test(pathname));
}

/** Where index.html carries the session it was sent under, so the app's guards need not ask again. */
export const inlineSessionElementId = 'huddle-session';

/**
 * What index.html paints for a landing page before the app's scripts run (decision 021): the
 * page's heading and first lines, the same words the page renders, so the first paint is the
 * page's own largest text and not a loader. The server writes it for a signed-in person (it
 * knows the name and the city); the page replaces it with the same text in the same place.
 */
export interface FirstFrame {
  heading: string;
  lead: string;
  /** A short line under the lead, bold label first. */
  note?: { label: string; text: string };
}

export const homeHeading = (displayName: string) => `Welcome, ${displayName}`;
export const homeLead = 'Here is your Huddle at a glance.';

export const discoverHeading = 'Discover';
export const discoverLead = (cityName: string | null | undefined) =>
  `Games, teams, players and places ${cityName ? `near ${cityName}` : 'near you'}.`;
export const discoverPartnersNote = {
  label: 'Partners',
  text: ': venues, shops, coaches and leagues with offers for Huddle players.',
} as const;

/** The first frame of a signed-in person's landing page, or null where the page has none. */
export function firstFrameFor(
  pathname: string,
  user: { displayName: string; defaultCity: { name: string } | null },
): FirstFrame | null {
  if (/^\/home\/?$/.test(pathname)) return { heading: homeHeading(user.displayName), lead: homeLead };
  // Discover's lists (not an event's page, which shares the prefix).
  if (/^\/discover(\/(events|games|teams|players|places))?\/?$/.test(pathname)) {
    return { heading: discoverHeading, lead: discoverLead(user.defaultCity?.name), note: discoverPartnersNote };
  }
  return null;
}

/**
 * Where a server-rendered page (decision 075) carries what the app needs to hydrate it: the
 * router's state and the query cache entries the server rendered from, so the browser renders
 * the same tree without asking the API again. A data block (JSON), as the session's.
 */
export const serverRenderElementId = 'huddle-server-render';

/**
 * A server-rendered page's script preloads, in a <template> (inert: nothing is fetched) that
 * public/app-start.js puts into the head once the page has been painted (issue 33).
 */
export const scriptsAfterPaintElementId = 'huddle-after-paint';

/** What the server-render data block holds; the web app writes and reads it (apps/web/src/app). */
export interface ServerRenderState {
  /** React Router's hydration data: the loader data of the matched routes (all null: guards). */
  loaderData: Record<string, unknown>;
  /** The query cache entries the page was rendered from, set into the browser's cache before it hydrates. */
  queries: { queryKey: readonly unknown[]; data: unknown }[];
  /**
   * The viewer's time zone the page was rendered with (its cookie), or null: the browser hydrates
   * with it, then reads its own (the cookie may have changed since, written before this paint).
   */
  viewerTimeZone?: string | null;
}
