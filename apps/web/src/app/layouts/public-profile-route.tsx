import { Box, Button, Container, Group } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { ColorSchemeToggle } from '../../components/ui/color-scheme-toggle.tsx';
import { HuddleLogo } from '../../components/ui/huddle-logo.tsx';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import { AppShellForSignedIn } from './lazy-app-shell.tsx';

/**
 * Pages open to everyone (a player's public profile): inside the app shell for a
 * signed-in visitor, in a plain frame with the logo and a way to sign in otherwise.
 */
export function Component() {
  const user = useSession().data?.user;
  const { pathname } = useLocation();
  if (user) {
    return (
      <AppShellForSignedIn user={user}>
        <Outlet />
      </AppShellForSignedIn>
    );
  }
  return (
    <Box mih="100dvh" pb="xl">
      <Container component="header" size={800} py="md" px="md">
        <Group justify="space-between" wrap="nowrap">
          <Link to={authPaths.signUp} style={{ lineHeight: 0, textDecoration: 'none' }}>
            <HuddleLogo size={30} />
          </Link>
          <Group gap="xs" wrap="nowrap">
            <ColorSchemeToggle />
            <Button component={Link} to={authPathWithReturnTo(authPaths.login, pathname)} variant="default" size="sm">
              Sign in
            </Button>
          </Group>
        </Group>
      </Container>
      <Container component="main" id="main-content" size={800} px="md">
        <Outlet />
      </Container>
    </Box>
  );
}
