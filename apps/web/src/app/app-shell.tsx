import type { CurrentUser } from '@huddle/shared/users';
import { ActionIcon, Anchor, AppShell, Burger, Group, Indicator, NavLink, TextInput, em } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import {
  IconCirclePlus,
  IconCompass,
  IconForms,
  IconNews,
  IconHome,
  IconMessageCircle,
  IconSearch,
  IconSettings,
  IconShieldHalf,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ColorSchemeToggle } from '../components/ui/color-scheme-toggle.tsx';
import { HuddleLogo } from '../components/ui/huddle-logo.tsx';
import { OfflineNotice } from '../components/ui/offline-notice.tsx';
import { useRefreshSession } from '../features/accounts/api/session-updates.ts';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { usePresence } from '../features/presence/use-presence.ts';
import { useUnreadCount } from '../features/messages/api/get-unread-count.ts';
import { useMessagesRealtime } from '../features/messages/use-messages-realtime.ts';
import { AccountMenuButton } from './account-menu-button.tsx';
import { profilePath, settingsPath } from './account-paths.ts';
import classes from './app-shell.module.css';
import { homePath } from './signed-in-landing.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

interface NavigationLink {
  label: string;
  to: string;
  icon: Icon;
}

/** The main navigation. Later slices add their pages here, never a link to a page that does not exist. */
const navigationLinks: NavigationLink[] = [
  { label: 'Home', to: homePath, icon: IconHome },
  { label: 'Discover', to: '/discover', icon: IconCompass },
  { label: 'Your Communities', to: '/my-communities', icon: IconUsersGroup },
  { label: 'Teams', to: '/teams', icon: IconShieldHalf },
  { label: 'Players', to: '/user-list', icon: IconUsers },
  { label: 'Connect', to: '/connect', icon: IconUserPlus },
  { label: 'Messages', to: '/messages', icon: IconMessageCircle },
  { label: 'Community Posts', to: '/posts', icon: IconNews },
  // The organizer's tools (issues 14, 15, 16), as TeamSnap and Spond keep them in the main menu:
  // the create hub first (Meetup's "Start a new group" sits there too).
  { label: 'Create', to: '/create', icon: IconCirclePlus },
  { label: 'Forms', to: '/form', icon: IconForms },
  { label: 'Websites', to: '/site', icon: IconWorldWww },
  { label: 'Profile', to: profilePath, icon: IconUserCircle },
  { label: 'Settings', to: settingsPath, icon: IconSettings },
];

const navigationId = 'main-navigation';

/** The header's way into full-search: a box on wider screens, an icon to the search page on phones. */
function HeaderSearch() {
  const navigate = useNavigate();
  return (
    <>
      {/* action and method: on a server-rendered page, Enter before the app has started searches
          too (the browser's own GET), instead of reloading the page with ?q= (decision 075). */}
      <form
        role="search"
        aria-label="Huddle"
        action="/full-search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          void navigate(q ? `/full-search?${new URLSearchParams({ q })}` : '/full-search');
        }}
      >
        <TextInput
          name="q"
          type="search"
          aria-label="Search Huddle"
          placeholder="Search games, teams, places"
          leftSection={<IconSearch size={16} aria-hidden />}
          visibleFrom="sm"
          w={280}
          maxLength={100}
        />
      </form>
      <ActionIcon component={Link} to="/full-search" variant="subtle" size="lg" aria-label="Search" hiddenFrom="sm">
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
    </>
  );
}

/** The header's way to Messages, with the unread count (also in the page title, spec §2). */
function MessagesLink() {
  const unread = useUnreadCount(true).data ?? 0;
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} offset={4}>
      <ActionIcon
        component={Link}
        to="/messages"
        variant="subtle"
        size="lg"
        aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
      >
        <IconMessageCircle size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

const loadAccountMenu = () => import('./account-menu.tsx');
const AccountMenu = lazy(loadAccountMenu);

/** The account menu's button until its first press; the menu itself loads then (account-menu.tsx). */
function UserMenu({ user }: { user: CurrentUser }) {
  const [requested, setRequested] = useState(false);
  const button = (
    <AccountMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      // Fetched as the pointer or focus arrives, so the menu is usually there by the press.
      onPointerEnter={() => void loadAccountMenu()}
      onFocus={() => void loadAccountMenu()}
      onClick={() => setRequested(true)}
    />
  );
  if (!requested) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu user={user} />
    </Suspense>
  );
}

/** The frame of every signed-in page: header (logo, scheme toggle, account menu), navigation, main. */
export function AppShellLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  // Made at the first opening and kept, so a closing drawer slides away with its links.
  const [linksMade, setLinksMade] = useState(false);
  const [opened, { toggle, close }] = useDisclosure(false, { onOpen: () => setLinksMade(true) });
  const { pathname } = useLocation();
  // Spec §4, presence: online while a signed-in page is open. A sign-out (in any tab)
  // closes the socket; reading the session again then sends this tab to sign in.
  usePresence(user.id, useRefreshSession());
  useMessagesRealtime(user.id);
  // Below the sm breakpoint the navigation slides away; while away it must not take focus.
  // A server-rendered page (decision 075) is rendered as on a wide screen (the server cannot know
  // the screen) and hydrated as such; a phone's drawer loses its links and takes `inert` in the render
  // right after, while it is closed and off screen.
  const narrow = useMediaQuery(`(max-width: ${em(767.98)})`, undefined, { getInitialValueInEffect: false });
  const isMobile = useHydrated() && narrow;
  const burger = useRef<HTMLButtonElement>(null);
  // Escape closes the open drawer, as it closes any dialog, and focus goes back to the button that opened it.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !opened || !isMobile || event.defaultPrevented) return;
    close();
    burger.current?.focus();
  });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <a href="#main-content" className={classes.skipLink}>
          Skip to content
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burger}
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls={navigationId}
            />
            <Anchor component={Link} to={homePath} underline="never" aria-label="Huddle home">
              <HuddleLogo size={30} wordmarkFrom="sm" />
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <HeaderSearch />
            <MessagesLink />
            <NotificationBell />
            <ColorSchemeToggle />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id={navigationId} aria-label="Main" p="sm" inert={isMobile && !opened}>
        {/* A closed drawer's links are neither seen nor reachable: on phones they are made when it
            first opens, which keeps 130 of home's 551 elements out of its first render (issue 11). */}
        {(linksMade || !isMobile) &&
          navigationLinks.map((link) => {
            const active = pathname === link.to || pathname.startsWith(`${link.to}/`);
            return (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                leftSection={<link.icon size={20} stroke={1.6} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={close}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1}>
        <OfflineNotice />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
