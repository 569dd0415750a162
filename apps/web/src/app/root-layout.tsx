import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { pageTitle } from './page-title.ts';

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

export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    // The unread count joins with the messages slice.
    document.title = pageTitle(pathname, 0);
  }, [pathname]);

  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
