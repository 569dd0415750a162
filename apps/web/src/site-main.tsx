import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readSiteBootstrap, SiteApp } from './app/site-app.tsx';
import { teamEventsQueryOptions } from './features/events/api/list-team-events.ts';
import { queryClient } from './lib/query-client.ts';

// The entry of site.html, which the server sends for website pages (decision 041): the site's
// blocks and the live data they read, without Huddle's app shell, router or Mantine.
const container = document.getElementById('root');
if (!container) throw new Error('site.html has no #root element');

const bootstrap = readSiteBootstrap();
// The team's upcoming events, when the server sent them with the page: the event blocks draw them
// at once. Marked as old, so they are asked again at once for this visitor (a member sees more).
const teamId = bootstrap?.site?.team?.id;
if (teamId && bootstrap.teamEvents) {
  queryClient.setQueryData(teamEventsQueryOptions(teamId).queryKey, bootstrap.teamEvents, { updatedAt: 0 });
}

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SiteApp bootstrap={bootstrap} pathname={window.location.pathname} />
    </QueryClientProvider>
  </StrictMode>,
);
