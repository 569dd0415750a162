import { Loader, MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe('theme', () => {
  it('makes every loader a status, so the label a loading state gives it is allowed and announced', () => {
    const html = renderToStaticMarkup(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading the partners" />
      </MantineProvider>,
    );
    const loader = html.match(/<span[^>]*aria-label="Loading the partners"[^>]*>/)?.[0] ?? '';
    expect(loader).toContain('role="status"');
  });
});
