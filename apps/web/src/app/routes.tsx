import { redirect, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { authPaths } from '@huddle/shared/auth-pages';
import {
  loadAdminAccess,
  loadSessionQuietly,
  redirectFromRoot,
  requireSignedIn,
  leaveForAuthPage,
  revalidateOnPathChange,
} from './guards.ts';
import { redirectPostNamesToSlugs } from './post-addresses.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** The auth pages are their own small entry, auth.html (decision 023): a link or redirect to one
 * from here loads that document, where the server decides (signed in: sent on). */
export const authPageRoutes: RouteObject[] = [
  { path: 'auth', loader: leaveForAuthPage },
  ...Object.values(authPaths).map((path) => ({ path, loader: leaveForAuthPage })),
];

/** Signed-in pages, inside the app shell. Spec §2: a new user is sent to first-time setup until it is done (guards.ts). */
export const signedIn = (children: RouteObject[]): RouteObject => ({
  loader: requireSignedIn,
  lazy: () => import('./layouts/signed-in-route.tsx'),
  shouldRevalidate: revalidateOnPathChange,
  children,
});

/** Pages open to everyone: in the shell when signed in, a plain frame otherwise. */
export const openToEveryone = (children: RouteObject[]): RouteObject => ({
  loader: loadSessionQuietly,
  lazy: () => import('./layouts/public-profile-route.tsx'),
  children,
});

/** Forms (issue 14): on Huddle's own host and on a custom domain (spec §2). */
export const formRoutes = {
  list: { path: 'form', lazy: () => import('./pages/forms-page.tsx') },
  build: { path: 'form/build/:formId', lazy: () => import('./pages/form-builder-page.tsx') },
  submissions: { path: 'form/:formId/submissions', lazy: () => import('./pages/form-submissions-page.tsx') },
  submission: { path: 'form/:formId/:submissionId', lazy: () => import('./pages/form-submission-page.tsx') },
  view: { path: 'form/:formId', lazy: () => import('./pages/form-page.tsx') },
  // Spec §2: paying for a submission, by its filler (a visitor with the mailed key) or organizers.
  payment: { path: 'form/payment/:formId/:submissionId', lazy: () => import('./pages/form-payment-page.tsx') },
  payBalance: { path: 'pay-balance/:formId/:submissionId', lazy: () => import('./pages/form-payment-page.tsx') },
} satisfies Record<string, RouteObject>;

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
      // The auth pages are their own small entry, auth.html (decision 023): a link or redirect
      // to one from here loads that document, where the server decides (signed in: sent on).
      ...authPageRoutes,
      signedIn([
        { path: 'home', lazy: () => import('./pages/home-page.tsx') },
        { path: 'more-info', lazy: () => import('./pages/more-info-page.tsx') },
        { path: 'settings', lazy: () => import('./pages/settings-page.tsx') },
        { path: 'profile', lazy: () => import('./pages/profile-page.tsx') },
        // Notifications (issue 12).
        { path: 'notifications', lazy: () => import('./pages/notifications-page.tsx') },
        // Teams and communities (issue 4).
        { path: 'teams/create', lazy: () => import('./pages/create-team-page.tsx') },
        // Issue 34 part 1: time polls (decision 080); find-a-time's "Send a poll" opens polls/new.
        { path: 'teams/:teamId/polls', lazy: () => import('./pages/team-time-polls-page.tsx') },
        { path: 'teams/:teamId/polls/new', lazy: () => import('./pages/create-time-poll-page.tsx') },
        { path: 'teams/:teamId/polls/:pollId', lazy: () => import('./pages/time-poll-page.tsx') },
        // Find a time (issue 34 part 1): the team's organizers rank times by who can come.
        { path: 'teams/:teamId/find-a-time', lazy: () => import('./pages/find-a-time-page.tsx') },
        { path: 'my-communities', lazy: () => import('./pages/my-communities-page.tsx') },
        { path: 'team-not-found', lazy: () => import('./pages/team-not-found-page.tsx') },
        { path: 'start/community', lazy: () => import('./pages/start-community-page.tsx') },
        { path: 'teams', lazy: () => import('./pages/teams-page.tsx') },
        { path: 'teams-v3', lazy: () => import('./pages/teams-dashboard-page.tsx') },
        { path: 'external-teams', lazy: () => import('./pages/external-teams-page.tsx') },
        { path: 'user-list', lazy: () => import('./pages/user-list-page.tsx') },
        // Places (issue 5): add and edit (the creator or an admin).
        { path: 'places/new', lazy: () => import('./pages/place-form-page.tsx') },
        { path: 'places/edit/:placeId', lazy: () => import('./pages/place-form-page.tsx') },
        // Events (issue 5): create (?teamId=, ?placeId=), edit and manage.
        { path: 'events/new', lazy: () => import('./pages/create-event-page.tsx') },
        { path: 'discover/events/:eventId/edit', lazy: () => import('./pages/edit-event-page.tsx') },
        { path: 'discover/events/:eventId/manage', lazy: () => import('./pages/manage-event-page.tsx') },
        // Messages (issue 12): the conversations, and one open beside them.
        { path: 'messages', lazy: () => import('./pages/messages-page.tsx') },
        { path: 'messages/:conversationId', lazy: () => import('./pages/messages-page.tsx') },
        // Connections (issue 16): requests, connections, people played with, suggestions.
        { path: 'connect', lazy: () => import('./pages/connect-page.tsx') },
        { path: 'localconnect', lazy: () => import('./pages/local-connect-page.tsx') },
        // Invoices and transactions (issue 13; decision 032).
        { path: 'invoices', lazy: () => import('./pages/invoices-page.tsx') },
        { path: 'invoices/:invoiceId', lazy: () => import('./pages/invoice-page.tsx') },
        { path: 'transactions', lazy: () => import('./pages/transactions-page.tsx') },
        // Paid games (issue 13): Stripe Checkout's return.
        { path: 'payment-success', lazy: () => import('./pages/payment-success-page.tsx') },
        // Forms (issue 14): yours, the builder, and a form's submissions.
        formRoutes.list,
        // One route for a new form and a stored one: a new form's builder keeps its state when its
        // first edit creates the form and the address gains its id (decision 063).
        { ...formRoutes.build, path: 'form/build/:formId?' },
        formRoutes.submissions,
        formRoutes.submission,
        { path: 'form/:formId/team-form-add/:userId', lazy: () => import('./pages/team-form-add-page.tsx') },
        // Websites (issue 15): your sites, and the builder (a new site from a template without an id).
        { path: 'site', lazy: () => import('./pages/site-list-page.tsx') },
        { path: 'site/build', lazy: () => import('./pages/site-build-page.tsx') },
        { path: 'site/build/:websiteId', lazy: () => import('./pages/site-build-page.tsx') },
        // Spec §2 custom-website: a website on the organizer's own domain (?site={id}).
        { path: 'custom-website', lazy: () => import('./pages/custom-website-page.tsx') },
        // Issue 16: the guided start, and the create hub (spec §2: create, lazy children, guarded).
        { path: 'user-onboarding', lazy: () => import('./pages/user-onboarding-page.tsx') },
        {
          path: 'create',
          children: [
            { index: true, lazy: () => import('./pages/create-page.tsx') },
            { path: 'season', lazy: () => import('./pages/create-season-page.tsx') },
            { path: 'post', lazy: () => import('./pages/create-post-page.tsx') },
            { path: 'tournament', lazy: () => import('./pages/create-tournament-page.tsx') },
          ],
        },
        // Issue 17, spec §2: admin (lazy children, its own guard; not-found for anyone but an admin).
        {
          path: 'admin',
          loader: loadAdminAccess,
          lazy: () => import('./pages/admin-layout-page.tsx'),
          children: [
            { index: true, loader: () => redirect('/admin/users') },
            { path: 'users', lazy: () => import('./pages/admin-users-page.tsx') },
            { path: 'users/:userId', lazy: () => import('./pages/admin-user-page.tsx') },
            { path: 'post-reports', lazy: () => import('./pages/admin-post-reports-page.tsx') },
            { path: 'flags', lazy: () => import('./pages/admin-flags-page.tsx') },
            { path: 'partners', lazy: () => import('./pages/admin-partners-page.tsx') },
            { path: 'partners/new', lazy: () => import('./pages/admin-partner-page.tsx') },
            { path: 'partners/:partnerId', lazy: () => import('./pages/admin-partner-page.tsx') },
            { path: 'promotions', lazy: () => import('./pages/admin-promotions-page.tsx') },
            { path: 'inbox', lazy: () => import('./pages/admin-inbox-page.tsx') },
            { path: 'audit-log', lazy: () => import('./pages/admin-audit-log-page.tsx') },
            { path: '*', lazy: () => import('./pages/not-found-page.tsx') },
          ],
        },
      ]),
      openToEveryone([
        { path: 'profile/:userId', lazy: () => import('./pages/public-profile-page.tsx') },
        // Spec §6: team pages are public (a private team reads as not found).
        { path: 'team/:teamId', lazy: () => import('./pages/team-page.tsx') },
        { path: 'invite/:token', lazy: () => import('./pages/invite-page.tsx') },
        // A time poll's personal voting link: votes without signing in (decision 080).
        { path: 'polls/vote/:token', lazy: () => import('./pages/poll-link-page.tsx') },
        { path: 'start/ambassador', lazy: () => import('./pages/start-ambassador-page.tsx') },
        // Spec §2: the plans (issue 13); hidden while the subscriptions flag is off.
        { path: 'community/pricing', lazy: () => import('./pages/pricing-page.tsx') },
        // Discovery and places (issue 5; spec §6: discover is public).
        { path: 'discover', lazy: () => import('./pages/discover-page.tsx') },
        { path: 'discover/:context', lazy: () => import('./pages/discover-page.tsx') },
        { path: 'places/view/:placeId', lazy: () => import('./pages/place-view-page.tsx') },
        { path: 'places/poster', lazy: () => import('./pages/place-poster-page.tsx') },
        { path: 'full-search', lazy: () => import('./pages/full-search-page.tsx') },
        // Spec §2 and §6: the event view is public, under three addresses.
        { path: 'discover/events/:eventId', lazy: () => import('./pages/event-page.tsx') },
        { path: 'discover/games/:eventId', lazy: () => import('./pages/event-page.tsx') },
        { path: 'evt/:eventId', lazy: () => import('./pages/event-page.tsx') },
        // Spec §6: the form view is public (issue 14).
        formRoutes.view,
        formRoutes.payment,
        formRoutes.payBalance,
        // The post board (issue 16; spec §6: posts are public).
        { path: 'posts', lazy: () => import('./pages/posts-page.tsx') },
        // A category named by its name goes to its slug's address (issue 30).
        {
          path: 'posts/:category',
          loader: redirectPostNamesToSlugs,
          lazy: () => import('./pages/posts-list-page.tsx'),
        },
        {
          path: 'posts/:category/:subcategory',
          loader: redirectPostNamesToSlugs,
          lazy: () => import('./pages/posts-list-page.tsx'),
        },
        {
          path: 'posts/:category/:subcategory/:postId',
          loader: redirectPostNamesToSlugs,
          lazy: () => import('./pages/post-page.tsx'),
        },
        // Partners (issue 16; spec §6: partner pages are public).
        { path: 'partners/:ptype', lazy: () => import('./pages/partners-page.tsx') },
        { path: 'partner/preferred/:partnerId', lazy: () => import('./pages/partner-page.tsx') },
        { path: 'partner/events/:partnerId', lazy: () => import('./pages/events-partner-page.tsx') },
        // Skill quizzes (issue 16; spec §6: quizzes are public).
        { path: 'quiz', lazy: () => import('./pages/quizzes-page.tsx') },
        { path: 'quiz/:quizId', lazy: () => import('./pages/quiz-page.tsx') },
        // Tournaments (issue 16; spec §2 tournament, lazy; public like events, decision 050).
        { path: 'tournament', lazy: () => import('./pages/tournaments-page.tsx') },
        { path: 'tournament/:tournamentId', lazy: () => import('./pages/tournament-page.tsx') },
        // Spec §2: anything else is the not-found page, in the shell for a signed-in person.
        { path: '*', lazy: () => import('./pages/not-found-page.tsx') },
      ]),
      // Spec §2: games/{id}/manage redirects to the event's manage page.
      {
        path: 'games/:eventId/manage',
        loader: ({ params }) => redirect(`/discover/events/${params.eventId ?? ''}/manage`),
      },
      // Websites (issue 15): a site is its own document, site.html (decision 041), outside Huddle's
      // app. Public (spec §6) but the builder's preview of a draft.
      { path: 'site/view/:websiteId/*', lazy: () => import('./pages/site-document-page.tsx') },
      { path: 'organization/:teamId/*', lazy: () => import('./pages/site-document-page.tsx') },
      // Spec §2 website guard: on Huddle's own domain the id is required; without one, the root.
      { path: 'organization', loader: () => redirect('/') },
      { path: 'site/view', loader: () => redirect('/') },
      {
        path: 'site/build/:websiteId/preview/*',
        loader: requireSignedIn,
        lazy: () => import('./pages/site-preview-page.tsx'),
      },
      // Spec §2 verify-email: the mailed link works signed in or out.
      { path: 'verify-email', loader: loadSessionQuietly, lazy: () => import('./pages/verify-email-page.tsx') },
    ],
  },
];
