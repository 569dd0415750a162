// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setHydratingServerMarkup, useBrowserValue } from './use-hydrated.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Zone({ read, renders }: { read: () => string; renders: (zone: string) => void }) {
  const zone = useBrowserValue(read, 'server');
  renders(zone);
  return <p>{zone}</p>;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  setHydratingServerMarkup(false);
});

describe('useBrowserValue', () => {
  it('hydrates with the server’s value, then renders the browser’s once, without a mismatch', async () => {
    const container = document.createElement('div');
    // The server has no window; this test's does: the server's render is made as while hydrating.
    setHydratingServerMarkup(true);
    container.innerHTML = renderToString(<Zone read={() => 'browser'} renders={() => undefined} />);
    expect(container.textContent).toBe('server');
    const renders = vi.fn();
    const read = vi.fn(() => 'browser');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, <Zone read={read} renders={renders} />, {
        onRecoverableError: (error) => console.error(error),
      });
    });
    expect(container.textContent).toBe('browser');
    expect(renders.mock.calls.map(([zone]) => zone)).toEqual(['server', 'browser']);
    expect(read).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('reads the browser’s value at once on a page the browser renders alone', async () => {
    const renders = vi.fn();
    await act(async () => {
      root = createRoot(document.createElement('div'));
      root.render(<Zone read={() => 'browser'} renders={renders} />);
    });
    expect(renders.mock.calls.map(([zone]) => zone)).toEqual(['browser']);
  });
});
