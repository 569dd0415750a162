import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { customHostRoutes } from './app/custom-host-routes.tsx';
import { InteractiveMark } from './app/interactive-mark.tsx';
import { preloadAppShell } from './app/layouts/lazy-app-shell.tsx';
import { routes } from './app/routes.tsx';
import { replayEarlyClicks } from './app/early-use-replay.ts';
import { loadMatchedRouteModules, takeServerRenderState } from './app/server-render-state.ts';
import { readCustomHost } from './features/custom-domains/custom-host.ts';
import { sessionQueryKey, sessionQueryOptions } from './features/accounts/api/get-session.ts';
import { takeInlineSession } from './features/accounts/api/inline-session.ts';
import { publicConfigQueryOptions } from './features/settings/api/get-public-config.ts';
import { setServerRenderedTimeZone } from './lib/format-event-time.ts';
import { keepServerRenderedCopies } from './lib/offline-data.ts';
import { setHydratingServerMarkup } from './lib/use-hydrated.ts';
import { queryClient } from './lib/query-client.ts';
import { startServiceWorker, whenStable } from './lib/service-worker-start.ts';
import { countVisit } from './lib/visit-count.ts';

// Spec §4: stale service workers go at start; the current one registers once the app has been
// stable for 30 s, never in development. A task of its own once the page has loaded: the first
// look at navigator.serviceWorker cost a phone up to 10 ms of the task that runs the app's modules.
whenStable(window, 0, () => startServiceWorker({ production: import.meta.env.PROD }));
// Spec §9: the visit count is stored locally, once the page has loaded: the tab's first
// sessionStorage access costs a phone's main thread several milliseconds at start.
whenStable(window, 0, () => countVisit());

// Every page's guard asks who is signed in: index.html says (the server writes it in); without
// it, start asking now, while the page's code loads.
const inlineSession = takeInlineSession();
if (!inlineSession) void queryClient.prefetchQuery(sessionQueryOptions());
// Every signed-in page shows the app shell: its code starts downloading now (the server preloads it too).
const shellLoaded = inlineSession?.user ? preloadAppShell() : undefined;

/**
 * What the server wrote into the page, into the query cache: a task of its own after the modules
 * have run (issue 33: filling the cache cost the module-evaluation task a phone's ~25 ms at 4x).
 */
function takeServerData() {
  if (inlineSession) queryClient.setQueryData(sessionQueryKey, inlineSession);
  // A page the server rendered (decision 075) carries the data it was rendered from: in the cache
  // before the first render, so hydrating asks the API for none of it. Set now, not restored with
  // the server's time: a browser clock ahead of the server's would take it as stale and ask again.
  const serverState = takeServerRenderState();
  for (const { queryKey, data } of serverState?.queries ?? []) queryClient.setQueryData(queryKey, data);
  setServerRenderedTimeZone(serverState?.viewerTimeZone);
  // The worker keeps home's lists as they are fetched; a rendered home fetched none (issue 33).
  // A task of its own: the first look at navigator.serviceWorker is slow on a phone.
  if (serverState) setTimeout(() => void keepServerRenderedCopies(serverState.queries).catch(() => undefined), 0);
  return serverState;
}

/** Lets the browser paint and handle input between start-up steps (each is a separate task). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  await nextTask();
  const serverState = takeServerData();
  await nextTask();
  // On a verified custom domain the server says so in index.html: the reduced route table (spec §2).
  const routeTable = readCustomHost() ? customHostRoutes : routes;
  if (serverState) {
    // A signed-in person's rendered page has the app shell, which pages open to everyone load
    // lazily (decision 082): its code too, before hydrating.
    await Promise.all([loadMatchedRouteModules(routeTable, window.location.pathname), shellLoaded]);
  }
  const router = createBrowserRouter(
    routeTable,
    serverState ? { hydrationData: { loaderData: serverState.loaderData } } : undefined,
  );
  await nextTask();
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
        <InteractiveMark />
      </Providers>
    </StrictMode>
  );
  // The server's markup is kept and made live. In a transition, as the first render below: React
  // hydrates a default-priority root in one task (a blocking lane), a transition in slices that
  // yield to the browser (issue 33: a phone's Total Blocking Time).
  if (serverState) {
    setHydratingServerMarkup(true);
    startTransition(() => {
      hydrateRoot(container, app);
    });
    replayEarlyClicks(() => router.state.navigation.state !== 'idle');
    return router;
  }
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser every few milliseconds, so the
  // first render is not one long task (issue 11: Total Blocking Time on a phone).
  startTransition(() => root.render(app));
  return router;
}

const started = start();
// Spec §8: a start-up failure is logged to the console.
started.catch((error: unknown) => console.error('Huddle could not start:', error));

// Analytics and error reporting (decision 052): after the page has loaded, outside development,
// and only when the server configures one; their code is not part of the first load.
if (import.meta.env.PROD) {
  whenStable(window, 0, () => {
    void queryClient
      .fetchQuery(publicConfigQueryOptions())
      .then(async (config) => {
        if (!config.analytics && !config.errorReporting) return;
        await (await import('./app/third-parties.ts')).startThirdParties(config, await started);
      })
      .catch((error: unknown) => console.error('Huddle could not start its third-party services:', error));
  });
}
