import { useEffect } from 'react';
import { PageLoader } from '../../components/ui/page-loader.tsx';

/**
 * A website page (site/view/{id}/…, organization/{id}/…, a custom domain's site) reached by a link
 * inside the app: website pages are their own document, site.html (decision 041), which the
 * server sends with the page's preview tags. The same address is loaded again as a document.
 */
export function Component() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return <PageLoader />;
}
