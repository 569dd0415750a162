import { websiteMessages, websiteTemplates, type WebsiteTemplate } from '@huddle/shared/websites';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { createWebsite, getWebsiteDraft, websiteKeys } from '../../features/websites/api/websites.ts';
import { usePageName } from '../use-page-name.ts';

// Puck (the page editor) is large: it downloads with this page only.
const SiteBuilder = lazy(() =>
  import('../composed/websites/site-builder.tsx').then((module) => ({ default: module.SiteBuilder })),
);

/** Spec §4 website resolver, without an id: a new site for the current user from a template, then opened. */
function CreateSite() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const wanted = search.get('template');
  const template: WebsiteTemplate = websiteTemplates.find((each) => each === wanted) ?? 'club';
  const teamId = search.get('teamId');
  const create = useMutation({
    mutationFn: () => createWebsite(template, teamId),
    onSuccess: (site) => navigate(`/site/build/${site.id}`, { replace: true }),
  });
  const started = useRef(false);
  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    create.mutate();
  }, [create]);
  if (create.isError)
    return (
      <Alert color="red" title={websiteMessages.createFailed}>
        {create.error.message}{' '}
        <Button component={Link} to="/site" size="xs" variant="light" ml="xs">
          Back to your websites
        </Button>
      </Alert>
    );
  return <Loader aria-label="Creating the website" />;
}

function EditSite({ websiteId }: { websiteId: string }) {
  const draft = useQuery({
    queryKey: websiteKeys.draft(websiteId),
    queryFn: () => getWebsiteDraft(websiteId),
    // The builder keeps its own copy once open: a refetch must not reset what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  usePageName(draft.data?.meta.title);
  if (draft.isError) return <Alert color="red">{draft.error.message}</Alert>;
  if (!draft.data) return <Loader aria-label="Loading the website" />;
  return (
    <Suspense fallback={<Loader aria-label="Loading the editor" />}>
      <SiteBuilder key={draft.data.id} initial={draft.data} />
    </Suspense>
  );
}

/** site/build and site/build/{id} (spec §2, guarded): the builder, after creating the site when there is no id. */
export function Component() {
  const { websiteId } = useParams();
  usePageName('Website builder');
  return <Stack>{websiteId ? <EditSite websiteId={websiteId} /> : <CreateSite />}</Stack>;
}
