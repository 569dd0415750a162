import { serverRenderElementId, type ServerRenderState } from '@huddle/shared/landing-pages';
import { matchRoutes, type RouteObject } from 'react-router';
import { interactiveMarkName } from './interactive-mark.tsx';

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

/**
 * Buttons, radios and checkboxes tapped on the server's markup before the app started
 * (public/app-start.js keeps them, the toggles held back), clicked again so the tap is not lost.
 * A button at once, as hydration begins: React hydrates the clicked part first and handles the
 * click. A radio or checkbox once the first commit is done (the `huddle:interactive` mark): React
 * tells a change by comparing the input's state with the one it saw when it hydrated the input, and
 * hydrated during the click's own dispatch it saw the state already toggled, and heard no change.
 * A select's choice at the same moment.
 */
export function replayEarlyClicks(): void {
  const early = (
    document as Document & {
      huddleEarlyClicks?: { take(): HTMLElement[]; takeChoices(): [HTMLSelectElement, string][] };
    }
  ).huddleEarlyClicks;
  const taken = early?.take() ?? [];
  // A select's choice: made again, and told to React as the browser tells it (a change event).
  const choices = early?.takeChoices() ?? [];
  const toggles = taken.filter((control) => control instanceof HTMLInputElement);
  for (const control of taken) if (!(control instanceof HTMLInputElement) && control.isConnected) control.click();
  if (toggles.length === 0 && choices.length === 0) return;
  const clickWhenInteractive = () => {
    if (performance.getEntriesByName(interactiveMarkName).length === 0)
      return void setTimeout(clickWhenInteractive, 20);
    for (const control of toggles) if (control.isConnected) control.click();
    for (const [select, value] of choices) {
      if (!select.isConnected) continue;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
  clickWhenInteractive();
}
