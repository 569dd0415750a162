import { huddleSectionsOnCustomHost } from '@huddle/shared/custom-domains';
import { pageByPath } from '@huddle/shared/website-templates';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { readCustomHost } from '../../features/custom-domains/custom-host.ts';
import { getPublicWebsite, websiteKeys } from '../../features/websites/api/websites.ts';
import { SiteLoadFailed, SiteLoading, SitePage } from '../composed/websites/site-view.tsx';
import { usePageName } from '../use-page-name.ts';

const host = readCustomHost();

/**
 * Spec §2, the route table on another host: the team's website at the root, its pages as
 * catch-all paths. A link to one of Huddle's own sections (an event, a place) loads it as a
 * document, so the server sends the visitor to Huddle's origin.
 */
export function Component() {
  const { '*': subPath = '' } = useParams();
  const websiteId = host?.websiteId ?? '';
  const site = useQuery({ queryKey: websiteKeys.public(websiteId), queryFn: () => getPublicWebsite(websiteId) });
  usePageName(site.data?.meta.title);
  const section = subPath.split('/')[0] ?? '';
  const leaves =
    site.data !== undefined && !pageByPath(site.data.document, subPath) && huddleSectionsOnCustomHost.has(section);
  useEffect(() => {
    if (leaves && host) window.location.assign(`${host.huddleOrigin}/${subPath}${window.location.search}`);
  }, [leaves, subPath]);
  if (site.isError) return <SiteLoadFailed onRetry={() => void site.refetch()} />;
  if (!site.data || leaves) return <SiteLoading />;
  return (
    <SitePage
      title={site.data.meta.title}
      document={site.data.document}
      teamId={site.data.team?.id ?? null}
      basePath=""
      subPath={subPath}
    />
  );
}
