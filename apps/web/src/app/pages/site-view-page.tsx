import { websiteMessages } from '@huddle/shared/websites';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getPublicWebsite, websiteKeys } from '../../features/websites/api/websites.ts';
import { SiteLoading, SitePage } from '../composed/websites/site-view.tsx';
import { usePageName } from '../use-page-name.ts';

/** site/view/{id}/{page…} (spec §2, public per §6): the published site; the sub-path selects the page. */
export function Component() {
  const { websiteId = '', '*': subPath } = useParams();
  const site = useQuery({ queryKey: websiteKeys.public(websiteId), queryFn: () => getPublicWebsite(websiteId) });
  usePageName(site.data?.meta.title);
  if (site.isPending) return <SiteLoading />;
  if (!site.data)
    return (
      <main style={{ padding: 16, fontFamily: 'system-ui, sans-serif' }}>
        <h1>Website not found</h1>
        <p>{websiteMessages.notFound}</p>
        <Link to="/">Go to Huddle</Link>
      </main>
    );
  return (
    <SitePage
      title={site.data.meta.title}
      document={site.data.document}
      teamId={site.data.team?.id ?? null}
      basePath={`/site/view/${site.data.id}`}
      subPath={subPath}
    />
  );
}
