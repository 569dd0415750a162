import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { RootLayout } from './root-layout.tsx';
import { authPageRoutes, formRoutes, openToEveryone, signedIn } from './routes.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * Spec §2: on a host that is not Huddle's own (a verified custom domain), the route table is
 * replaced by the form routes and the team's website at the root with catch-all pages. The
 * server answers the same paths (features/custom-domains/custom-domains.host.ts) and sends
 * sign-in to Huddle's own origin.
 */
export const customHostRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      ...authPageRoutes,
      signedIn([formRoutes.list, formRoutes.build, formRoutes.submissions, formRoutes.submission]),
      // Paying for a submission is open to its filler by the mailed key, as on Huddle's own host.
      openToEveryone([formRoutes.view, formRoutes.payment]),
      // The site's pages are site.html (decision 041): the server sends them, and Huddle's sections to Huddle's origin.
      { path: '*', lazy: () => import('./pages/site-document-page.tsx') },
    ],
  },
];
