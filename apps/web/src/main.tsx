import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { customHostRoutes } from './app/custom-host-routes.tsx';
import { routes } from './app/routes.tsx';
import { readCustomHost } from './features/custom-domains/custom-host.ts';
import { sessionQueryKey, sessionQueryOptions } from './features/accounts/api/get-session.ts';
import { takeInlineSession } from './features/accounts/api/inline-session.ts';
import { queryClient } from './lib/query-client.ts';

// Every page's guard asks who is signed in: index.html says (the server writes it in); without
// it, start asking now, while the page's code loads.
const inlineSession = takeInlineSession();
if (inlineSession) queryClient.setQueryData(sessionQueryKey, inlineSession);
else void queryClient.prefetchQuery(sessionQueryOptions());

// On a verified custom domain the server says so in index.html: the reduced route table (spec §2).
const router = createBrowserRouter(readCustomHost() ? customHostRoutes : routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
