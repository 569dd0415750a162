import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';

/**
 * The whole page, once everything in it is ready (a lazily loaded component included). Not streamed:
 * the data is read before the render, and the server splices the markup into its HTML page.
 */
export async function renderToHtml(element: ReactNode): Promise<string> {
  let failure: unknown;
  const stream = await renderToReadableStream(element, {
    onError(error) {
      failure ??= error;
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  // An error inside a Suspense boundary leaves that part to the browser, which reports it as a
  // hydration error: no page at all is better (the browser renders it, as before).
  if (failure) throw failure;
  return html;
}
