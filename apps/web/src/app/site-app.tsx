import { siteElementId, websiteMessages, type PublicWebsite, type SiteBootstrap } from '@huddle/shared/websites';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getPublicWebsite, getTeamWebsite, websiteKeys } from '../features/websites/api/websites.ts';
import { ApiError } from '../lib/api-client.ts';
import { SiteLoadFailed, SiteLoading, SitePage } from './composed/websites/site-view.tsx';

/** The site and its address as the server wrote them into site.html; null when it did not (the dev server). */
export function readSiteBootstrap(): SiteBootstrap | null {
  const element = document.getElementById(siteElementId);
  if (!element) return null;
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    return typeof value === 'object' && value !== null && 'basePath' in value ? (value as SiteBootstrap) : null;
  } catch {
    return null;
  }
}

/** site/view/{id}/… or organization/{teamId}/… (spec §2), read from the address. */
export function siteAddress(pathname: string): { kind: 'site' | 'team'; id: string; basePath: string } | null {
  const match = /^\/(site\/view|organization)\/([^/]+)/.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  return { kind: match[1] === 'organization' ? 'team' : 'site', id: match[2], basePath: match[0] };
}

function Published({ site, basePath, pathname }: { site: PublicWebsite; basePath: string; pathname: string }) {
  return (
    <SitePage
      title={site.meta.title}
      document={site.document}
      teamId={site.team?.id ?? null}
      basePath={basePath}
      subPath={pathname.slice(basePath.length)}
    />
  );
}

function NotFound() {
  return (
    <main style={{ padding: 16, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Website not found</h1>
      <p>{websiteMessages.notFound}</p>
      <a href="/">Go to Huddle</a>
    </main>
  );
}

/** Without the server's data block (the dev server, or a lookup that failed there): the site from the API. */
function Fetched({ address, pathname }: { address: NonNullable<ReturnType<typeof siteAddress>>; pathname: string }) {
  const site = useQuery({
    queryKey: address.kind === 'team' ? websiteKeys.team(address.id) : websiteKeys.public(address.id),
    queryFn: () => (address.kind === 'team' ? getTeamWebsite(address.id) : getPublicWebsite(address.id)),
  });
  const missing = site.error instanceof ApiError && (site.error.status === 404 || site.error.status === 400);
  // Spec §2 guard: a team without a published site sends the visitor to the root.
  const leave = missing && address.kind === 'team';
  useEffect(() => {
    if (leave) window.location.replace('/');
  }, [leave]);
  useEffect(() => {
    if (site.data) document.title = site.data.meta.title;
  }, [site.data]);
  if (missing && !leave) return <NotFound />;
  if (site.isError && !leave) return <SiteLoadFailed onRetry={() => void site.refetch()} />;
  if (!site.data) return <SiteLoading />;
  return <Published site={site.data} basePath={address.basePath} pathname={pathname} />;
}

/**
 * A website page for visitors (site.html, decision 041): the published site the server put in the
 * page, drawn at once; its page chosen by the address below the site's base path.
 */
export function SiteApp({ bootstrap, pathname }: { bootstrap: SiteBootstrap | null; pathname: string }) {
  if (bootstrap) {
    return bootstrap.site ? (
      <Published site={bootstrap.site} basePath={bootstrap.basePath} pathname={pathname} />
    ) : (
      <NotFound />
    );
  }
  const address = siteAddress(pathname);
  return address ? <Fetched address={address} pathname={pathname} /> : <NotFound />;
}
