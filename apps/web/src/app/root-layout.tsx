import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
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

export function RootLayout() {
  const { pathname } = useLocation();
  const name = usePageNameFor(pathname);
  // The unread count joins with the messages slice.
  const title = name ? namedPageTitle(name, 0) : pageTitle(pathname, 0);
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
