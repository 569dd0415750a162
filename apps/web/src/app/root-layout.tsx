import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useSession } from '../features/accounts/api/get-session.ts';
import { usePickedCity } from '../features/discovery/visitor-location.ts';
import { useUnreadMessages } from '../features/messages/use-messages-realtime.ts';
import { DistanceUnitContext, useBrowserDistanceUnit, viewerDistanceUnit } from '../lib/distance-unit.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';
import { namedPageTitle, pageTitle } from './page-title.ts';
import { usePageNameFor } from './use-page-name.ts';

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Box
      aria-hidden
      pos="fixed"
      top={0}
      left={0}
      right={0}
      h={3}
      bg="var(--mantine-primary-color-filled)"
      style={{ zIndex: 1000 }}
    />
  );
}

/** Issue 11: the viewer's unit (viewerDistanceUnit), the browser's locale as the server reads it too (issue 33). */
function useDistanceUnitOfViewer() {
  return viewerDistanceUnit(useSession().data?.user ?? null, usePickedCity(), useBrowserDistanceUnit());
}

export function RootLayout() {
  const { pathname } = useLocation();
  const name = usePageNameFor(pathname);
  // Spec §2: every page's title starts with the unread message count, kept fresh by realtime.
  const unread = useUnreadMessages(Boolean(useSession().data?.user));
  const title = name ? namedPageTitle(name, unread) : pageTitle(pathname, unread);
  const distanceUnit = useDistanceUnitOfViewer();
  // Not while React hydrates a server-rendered page (issue 33): the server wrote this page's title,
  // and the page names itself in an effect of that same commit; written right after, the name
  // known, the title is the server's (page-names.ts), never "Event | Huddle" in between.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.title = title;
  }, [title, hydrated]);

  return (
    <DistanceUnitContext value={distanceUnit}>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </DistanceUnitContext>
  );
}
