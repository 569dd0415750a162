import { Anchor, Badge, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import type { AdminUser } from '@huddle/shared/admin';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { useAdminUsers } from '../api/search-users.ts';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';

export function UserStatusBadges({ user }: { user: AdminUser }) {
  return (
    <Group gap={4} wrap="wrap">
      {user.role === 'admin' ? <Badge color="grape.9">Admin</Badge> : null}
      {user.disabledAt ? <Badge color="red.9">Disabled</Badge> : null}
      {user.emailVerified ? null : (
        <Badge variant="outline" color="gray.8">
          Email not verified
        </Badge>
      )}
    </Group>
  );
}

/** Issue 17, users: search by name or email; each row opens the account. */
export function AdminUsersList() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const users = useAdminUsers(deferred);
  return (
    <Stack gap="md">
      <TextInput
        label="Search by name or email"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={100}
        rightSection={users.isFetching ? <Loader size="xs" /> : null}
      />
      <FormLevelError error={users.error} />
      {users.data?.length === 0 ? <Text c="dimmed">No account matches.</Text> : null}
      {users.data && users.data.length > 0 ? (
        <ScrollingTable label="Users" minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/users/${user.id}`} fw={600}>
                      {user.displayName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{user.email}</Table.Td>
                  <Table.Td>
                    <UserStatusBadges user={user} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      ) : null}
    </Stack>
  );
}
