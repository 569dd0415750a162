import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readSiteBootstrap, SiteApp } from './app/site-app.tsx';
import { queryClient } from './lib/query-client.ts';

// The entry of site.html, which the server sends for website pages (decision 041): the site's
// blocks and the live data they read, without Huddle's app shell, router or Mantine.
const container = document.getElementById('root');
if (!container) throw new Error('site.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SiteApp bootstrap={readSiteBootstrap()} pathname={window.location.pathname} />
    </QueryClientProvider>
  </StrictMode>,
);
