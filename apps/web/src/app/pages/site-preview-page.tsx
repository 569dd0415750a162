import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getWebsiteDraft, websiteKeys } from '../../features/websites/api/websites.ts';
import { SitePage } from '../composed/websites/site-view.tsx';
import { usePageName } from '../use-page-name.ts';

/** The builder's Preview: the saved draft, drawn exactly as visitors will see it once published. */
export function Component() {
  const { websiteId = '', '*': subPath } = useParams();
  const draft = useQuery({ queryKey: websiteKeys.draft(websiteId), queryFn: () => getWebsiteDraft(websiteId) });
  usePageName(draft.data ? `Preview: ${draft.data.meta.title}` : null);
  if (draft.isError) return <p style={{ padding: 16 }}>{draft.error.message}</p>;
  if (!draft.data) return <p style={{ padding: 16 }}>Loading…</p>;
  return (
    <>
      <p
        role="note"
        style={{ margin: 0, padding: 8, background: '#fff3bf', textAlign: 'center', fontFamily: 'system-ui' }}
      >
        Preview of the draft: visitors see it once it is published.
      </p>
      <SitePage
        title={draft.data.meta.title}
        document={draft.data.document}
        teamId={draft.data.team?.id ?? null}
        basePath={`/site/build/${websiteId}/preview`}
        subPath={subPath}
      />
    </>
  );
}
