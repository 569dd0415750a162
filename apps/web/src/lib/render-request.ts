import type { RenderRequest } from '@huddle/shared/discover-home-page-sources';
import { createContext, use } from 'react';

export type { RenderRequest };

/** Given by the server entry for one render (issue 33); null in the browser. */
export const RenderRequestContext = createContext<RenderRequest | null>(null);

/** The server render's request, or null in the browser. */
export function useRenderRequest(): RenderRequest | null {
  return use(RenderRequestContext);
}
