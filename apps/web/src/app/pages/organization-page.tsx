import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { getTeamWebsite, websiteKeys } from '../../features/websites/api/websites.ts';
import { SiteLoadFailed, SiteLoading, SitePage } from '../composed/websites/site-view.tsx';
import { usePageName } from '../use-page-name.ts';

/**
 * organization/{id}/{page…} (spec §2): the team's website. The guard of §2: the team must exist,
 * have a creator and (here) a published site, else the visitor goes to the root.
 */
export function Component() {
  const { teamId = '', '*': subPath } = useParams();
  const site = useQuery({ queryKey: websiteKeys.team(teamId), queryFn: () => getTeamWebsite(teamId), retry: false });
  usePageName(site.data?.meta.title);
  // Not found (or not an id): the guard sends the visitor to the root. Other failures can be retried.
  if (site.error instanceof ApiError && (site.error.status === 404 || site.error.status === 400))
    return <Navigate to="/" replace />;
  if (site.isError) return <SiteLoadFailed onRetry={() => void site.refetch()} />;
  if (!site.data) return <SiteLoading />;
  return (
    <SitePage
      title={site.data.meta.title}
      document={site.data.document}
      teamId={teamId}
      basePath={`/organization/${teamId}`}
      subPath={subPath}
    />
  );
}
