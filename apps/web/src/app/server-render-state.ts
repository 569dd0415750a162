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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Once the app has nothing left to do for what came before: no navigation (`busy`), no render pending. */
function settled(busy: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    // An idle callback comes once no task is queued: React's render in slices is a task each.
    const later = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50));
    const check = () => later(() => (busy() ? check() : resolve()), { timeout: 1000 });
    check();
  });
}

/**
 * What was done on the server's markup before the app started (public/app-start.js keeps it), done
 * again so it is not lost. A button is clicked at once, as hydration begins: React hydrates the
 * clicked part first and handles the click; but after the fields if something was typed (the event
 * page's "Bring friends" before its Join). The rest once the first commit is done (the
 * `huddle:interactive` mark): the fields' values first, then the radios and checkboxes (React tells a
 * change by comparing the input's state with the one it saw when it hydrated the input: hydrated
 * during the click's own dispatch it saw the state already toggled, and heard no change), then the
 * forms sent. A field's value is kept (the last one per field, never a password's) up to that mark:
 * React keeps the text typed in the field as it hydrates but not in the component's state (the next
 * render puts the state back), and text typed while it hydrates is not heard either. A form without
 * an action is the app's alone (sent natively, the page reloads, what was typed lost): its submit is
 * held back from the browser and from React (which, hydrating for it, would send the state without
 * the text), once per form, and made again last. One at a time, each once the app is done with the one before (`busy`: a navigation
 * under way): discover's filters live in the address, and a second change made before the page has
 * rendered the first would be made on the old address, the first lost.
 * What the person typed wins over a value the app rendered into the field in between: nothing but
 * the app's own first renders ran since (its state, which never had the text, put back; a default
 * the browser knows better), none of it the person's, who saw their text in the field.
 */
export function replayEarlyClicks(busy: () => boolean): void {
  const early = (
    document as Document & {
      huddleEarlyClicks?: {
        fields: Map<Field, string>;
        submits: Map<HTMLFormElement, HTMLElement | null>;
        take(): HTMLElement[];
        stop(): void;
      };
    }
  ).huddleEarlyClicks;
  if (!early) return;
  const taken = early.take();
  const toggles = taken.filter((control) => control instanceof HTMLInputElement);
  const buttons = taken.filter((control) => !(control instanceof HTMLInputElement));
  const clicks = (controls: HTMLElement[]) =>
    controls.map((control) => () => {
      if (control.isConnected) control.click();
    });
  const typed = early.fields.size > 0;
  if (!typed) for (const click of clicks(buttons)) click();
  const whenInteractive = async () => {
    if (performance.getEntriesByName(interactiveMarkName).length === 0) return void setTimeout(whenInteractive, 20);
    early.stop();
    const steps = [
      ...[...early.fields].map(([field, value]) => () => {
        if (!field.isConnected) return;
        // React hears a change only when the field's value differs from the one its tracker (the
        // field's own `value` property) last saw: the text typed, as it starts from the field as
        // hydrated (or what a re-render since put back). Setting the value and sending 'input' is
        // not heard. So: something else through the field's own setter (the tracker takes it), the
        // value through the element type's setter (past the tracker), then the events a browser sends.
        field.value = `${value} `;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
        for (const type of ['input', 'change']) field.dispatchEvent(new Event(type, { bubbles: true }));
      }),
      ...clicks(toggles),
      ...(typed ? clicks(buttons) : []),
      ...[...early.submits].map(([form, submitter]) => () => {
        if (form.isConnected)
          form.requestSubmit((submitter as HTMLButtonElement | null)?.form === form ? submitter : null);
      }),
    ];
    for (const step of steps) {
      step();
      await settled(busy);
    }
  };
  void whenInteractive();
}
