import type { CurrentUser } from '@huddle/shared/users';
import { Menu } from '@mantine/core';
import { IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminAccessQueryOptions } from '../features/admin/api/get-admin-access.ts';
import { useSignOut } from '../features/accounts/api/sign-out.ts';
import { AccountMenuButton } from './account-menu-button.tsx';

/**
 * The header's account menu. It is loaded on the first press of its button (app-shell.tsx), not
 * with every page: a menu brings its positioning library, about 14 KB gzip that no first render
 * needs (decision 021). It then opens at once, in place of that button.
 */
export default function AccountMenu({ user }: { user: CurrentUser }) {
  const signOut = useSignOut();
  // Asked when the menu first opens (the server answers 403 to anyone but an admin): only admins see the way in.
  const isAdmin = useQuery(adminAccessQueryOptions(user.id)).data === true;
  return (
    // No focus placeholder: its role="presentation" element is not allowed inside role="menu" (axe).
    <Menu position="bottom-end" width={260} shadow="md" withInitialFocusPlaceholder={false} defaultOpened>
      <Menu.Target>
        <AccountMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label style={{ overflowWrap: 'anywhere' }}>{user.email}</Menu.Label>
        {isAdmin ? (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} aria-hidden />}>
            Admin
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => signOut.mutate()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
