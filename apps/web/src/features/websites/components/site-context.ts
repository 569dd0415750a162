import type { WebsiteDocument } from '@huddle/shared/websites';
import { createContext, useContext } from 'react';

export interface SiteContextValue {
  /** The team the live blocks read (upcoming events, seasons, roster, places); null for a personal site. */
  teamId: string | null;
  /** Where the site's pages live: /site/view/{id} or /organization/{teamId}. */
  basePath: string;
  document: WebsiteDocument;
  /** In the builder: empty live blocks say why instead of showing nothing. */
  editing: boolean;
}

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside a SiteContext');
  return site;
}
