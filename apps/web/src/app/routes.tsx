import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { sessionQueryOptions } from '../features/accounts/api/get-session.ts';
import { authPaths } from '../features/accounts/auth-paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { loadSessionQuietly, redirectFromRoot, requireSignedIn, requireSignedOut } from './guards.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * The one route table (spec §2). Every page is a lazy module, so a page downloads only
 * its own code: the sign-in page never loads the signed-in shell. Guards are loaders
 * declared here, so the session check runs while the page's code downloads.
 * Later slices add their routes here.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      // Spec §2: the empty root goes to sign-up (home when already signed in).
      { index: true, loader: redirectFromRoot },
      {
        // The guarded signed-out layout: a signed-in visitor is sent on.
        path: 'auth',
        loader: requireSignedOut,
        lazy: () => import('./layouts/auth-route.tsx'),
        children: [
          { index: true, loader: () => redirect(authPaths.login) },
          { path: 'login', lazy: () => import('./pages/login-page.tsx') },
          { path: 'sign-up', lazy: () => import('./pages/sign-up-page.tsx') },
          { path: 'forgot-password', lazy: () => import('./pages/forgot-password-page.tsx') },
          { path: 'reset-password', lazy: () => import('./pages/reset-password-page.tsx') },
        ],
      },
      {
        // Signed-in pages, inside the app shell.
        loader: requireSignedIn,
        lazy: () => import('./layouts/signed-in-route.tsx'),
        children: [{ path: 'home', lazy: () => import('./pages/home-page.tsx') }],
      },
      { path: '*', loader: loadSessionQuietly, lazy: () => import('./pages/not-found-page.tsx') },
    ],
  },
];

// Every page's guard asks who is signed in: start asking now, while the page's code loads.
void queryClient.prefetchQuery(sessionQueryOptions());

export const router = createBrowserRouter(routes);
