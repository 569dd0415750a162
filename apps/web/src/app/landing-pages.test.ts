import { landingPages } from '@huddle/shared/landing-pages';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

/**
 * The server preloads a landing page's modules from packages/shared/src/landing-pages.ts; if
 * that table drifts from the route table, a page downloads chunks it never runs and waits for
 * the ones it does. Each sample address must reach exactly the listed modules' lazy imports.
 */
describe('the landing pages the server preloads', () => {
  it.each(landingPages.map((page) => [page.example, page] as const))('%s loads the listed modules', (example, page) => {
    // Vitest rewrites `import('./pages/x.tsx')` to a call naming the module from the project root.
    const lazyImports = (matchRoutes(routes, example) ?? [])
      .map(({ route }) => route.lazy)
      .filter((lazy) => typeof lazy === 'function')
      .map((lazy) => /["'][^"']*\/apps\/web\/(src\/app\/[^"']+)["']/.exec(lazy.toString())?.[1]);
    expect(lazyImports).toEqual(page.modules);
  });
});
