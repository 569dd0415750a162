// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { notFoundPageName } from './page-title.ts';
import { usePageName, usePageNameFor } from './use-page-name.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const pathname = '/community/pricing';
/** Shows the name the title would show, as the root layout reads it. */
function TitleProbe() {
  return <output>{usePageNameFor(pathname) ?? ''}</output>;
}

/** A page that names itself and renders `children` (another page's view) in its place. */
function Named({ name, children }: { name: string | undefined; children?: ReactNode }) {
  usePageName(name);
  return <>{children}</>;
}

const container = document.createElement('div');
const shown = () => container.querySelector('output')?.textContent || null;

async function render(page: ReactNode) {
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <MemoryRouter initialEntries={[pathname]}>
        <TitleProbe />
        {page}
      </MemoryRouter>,
    ),
  );
  return root;
}

describe('the page name the title shows', () => {
  it('is "Page not found" when a page shows the not-found page in its place, though it names itself after', async () => {
    // The outer page's effect runs after the inner one's: before issue 30 its name won.
    const root = await render(
      <Named name="Pricing">
        <Named name={notFoundPageName} />
      </Named>,
    );
    expect(shown()).toBe(notFoundPageName);
    await act(async () => root.unmount());
  });

  it('is otherwise the latest name given, and none once the page is gone', async () => {
    const root = await render(
      <Named name="Pricing">
        <Named name="Team plans" />
      </Named>,
    );
    expect(shown()).toBe('Pricing');
    await act(async () =>
      root.render(
        <MemoryRouter initialEntries={[pathname]}>
          <TitleProbe />
        </MemoryRouter>,
      ),
    );
    expect(shown()).toBeNull();
    await act(async () => root.unmount());
  });
});
