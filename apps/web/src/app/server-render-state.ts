import { serverRenderElementId, type ServerRenderState } from '@huddle/shared/landing-pages';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * The state a server-rendered page was rendered from (decision 075), or null for a page the server
 * did not render (index.html's loader or first frame; the Vite dev server). Read once and removed.
 */
export function takeServerRenderState(): ServerRenderState | null {
  const element = document.getElementById(serverRenderElementId);
  if (!element) return null;
  element.remove();
  try {
    const state: unknown = JSON.parse(element.textContent ?? '');
    return typeof state === 'object' && state !== null && 'loaderData' in state && 'queries' in state
      ? (state as ServerRenderState)
      : null;
  } catch {
    return null;
  }
}

/**
 * Loads the lazy route modules of the page the server rendered, before the router is made: a router
 * whose first matches are still lazy starts uninitialized and renders its fallback, which would not
 * match the server's markup. The modules are already downloading (the server preloads them).
 */
export async function loadMatchedRouteModules(routes: RouteObject[], pathname: string): Promise<void> {
  const lazyRoutes = (matchRoutes(routes, pathname) ?? []).map((match) => match.route).filter((route) => route.lazy);
  await Promise.all(
    lazyRoutes.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
