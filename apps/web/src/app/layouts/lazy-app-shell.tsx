import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { AppShellLayout } from '../app-shell.tsx';

type AppShellModule = { AppShellLayout: typeof AppShellLayout };
type Props = ComponentProps<typeof AppShellLayout>;

const loadAppShell = () => import('../app-shell.tsx');
let loaded: AppShellModule | undefined;

/**
 * Loads the app shell's code ahead of the first render: main.tsx awaits it before hydrating a
 * server-rendered page for a signed-in person, whose markup has the shell (decision 082).
 */
export async function preloadAppShell(): Promise<void> {
  loaded = await loadAppShell();
}

const LazyAppShellLayout = lazy(() => loadAppShell().then((module) => ({ default: module.AppShellLayout })));

/**
 * The app shell, for pages open to everyone that show it to a signed-in person only: a visitor's
 * first load (a game shared in a group chat) does not carry the shell's drawer, navigation and
 * menus (decision 082). Once preloaded (the server render and main.tsx before hydrating, for a
 * signed-in person) it renders in place, so the server's tree and the hydrating one are the same;
 * otherwise (signing in later, in the browser) behind a Suspense boundary while its code downloads.
 */
export function AppShellForSignedIn(props: Props) {
  // Decided once per mount: switching from the lazy path to the loaded one would remount the page under it.
  const [Preloaded] = useState(() => loaded?.AppShellLayout);
  if (Preloaded) return <Preloaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyAppShellLayout {...props} />
    </Suspense>
  );
}
