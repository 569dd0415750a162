import { Button, Group, Stack, Title } from '@mantine/core';
import { NavLink, Outlet, useLoaderData } from 'react-router';
import type { loadAdminAccess } from '../guards.ts';
import { Component as NotFoundPage } from './not-found-page.tsx';

const sections = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/post-reports', label: 'Post reports' },
  { to: '/admin/partners', label: 'Partners' },
  { to: '/admin/promotions', label: 'Plans and promotions' },
  { to: '/admin/inbox', label: 'Applications and feedback' },
  { to: '/admin/flags', label: 'Feature flags' },
  { to: '/admin/audit-log', label: 'Audit log' },
];

/**
 * Spec §2: admin, lazy, its own guard. Someone who is not an admin sees the not-found page, as
 * for an address that does not exist; the server refuses them every admin request anyway.
 */
export function Component() {
  const isAdmin = useLoaderData<typeof loadAdminAccess>();
  if (!isAdmin) return <NotFoundPage />;
  return <AdminLayout />;
}

/** The sections wrap onto a few rows at 375 px; compact buttons keep that to three (all in reach). */
function AdminLayout() {
  return (
    <Stack gap="lg" py="md">
      <Title order={1}>Admin</Title>
      <Group gap="xs" component="nav" aria-label="Admin sections">
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to} style={{ textDecoration: 'none' }}>
            {({ isActive }) => (
              <Button component="span" size="compact-md" variant={isActive ? 'filled' : 'default'}>
                {section.label}
              </Button>
            )}
          </NavLink>
        ))}
      </Group>
      <Outlet />
    </Stack>
  );
}
