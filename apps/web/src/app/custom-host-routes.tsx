import type { RouteObject } from 'react-router';
import { authPaths } from '@huddle/shared/auth-pages';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { leaveForAuthPage, loadSessionQuietly, requireSignedIn, revalidateOnPathChange } from './guards.ts';
import { RootLayout } from './root-layout.tsx';
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
      { path: 'auth', loader: leaveForAuthPage },
      ...Object.values(authPaths).map((path) => ({ path, loader: leaveForAuthPage })),
      {
        loader: requireSignedIn,
        lazy: () => import('./layouts/signed-in-route.tsx'),
        shouldRevalidate: revalidateOnPathChange,
        children: [
          { path: 'form', lazy: () => import('./pages/forms-page.tsx') },
          { path: 'form/build/:formId', lazy: () => import('./pages/form-builder-page.tsx') },
          { path: 'form/:formId/submissions', lazy: () => import('./pages/form-submissions-page.tsx') },
          { path: 'form/:formId/:submissionId', lazy: () => import('./pages/form-submission-page.tsx') },
          // Spec §2 names this route; Huddle has no separate payment page for a submission yet, so it shows the submission.
          { path: 'form/payment/:formId/:submissionId', lazy: () => import('./pages/form-submission-page.tsx') },
        ],
      },
      {
        loader: loadSessionQuietly,
        lazy: () => import('./layouts/public-profile-route.tsx'),
        children: [{ path: 'form/:formId', lazy: () => import('./pages/form-page.tsx') }],
      },
      { path: '*', lazy: () => import('./pages/custom-host-site-page.tsx') },
    ],
  },
];
