import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { TypedConfirmModal } from '../../../components/ui/typed-confirm-modal.tsx';
import { useChangeUser, type UserChange } from '../api/change-user.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useAdminUser } from '../api/get-user.ts';
import { UserStatusBadges } from './admin-users-list.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const doneMessage: Record<UserChange['kind'] | 'admin' | 'user', string> = {
  role: '',
  admin: 'Made an admin.',
  user: 'No longer an admin.',
  disable: 'Account disabled: it is signed out everywhere and cannot sign in.',
  enable: 'Account enabled.',
  'verify-email': 'Email marked as verified.',
};

/** Issue 17: one account, and what an admin may do to it (each action is in the audit log). */
export function AdminUserDetail({ userId }: { userId: string }) {
  const user = useAdminUser(userId);
  const change = useChangeUser(userId);
  const remove = useDeleteUser(userId);
  const navigate = useNavigate();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (user.isPending) return <Loader aria-label="Loading the account" />;
  if (user.error || !user.data) return <FormLevelError error={user.error} />;
  const account = user.data;
  const apply = (next: UserChange) =>
    change.mutate(next, {
      onSuccess: () =>
        notifications.show({
          message: doneMessage[next.kind === 'role' ? next.role : next.kind],
          color: 'green',
          autoClose: 5000,
        }),
    });

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin/users" fw={600} c="inherit" underline="always">
        Back to users
      </Anchor>
      <Stack gap={4}>
        <Title order={2}>{account.displayName}</Title>
        {account.fullName ? <Text>{account.fullName}</Text> : null}
        <Text style={{ wordBreak: 'break-all' }}>{account.email}</Text>
        <Text size="sm" c="dimmed">
          Joined {dateTime.format(new Date(account.createdAt))}
          {account.disabledAt ? ` · disabled ${dateTime.format(new Date(account.disabledAt))}` : ''}
        </Text>
        <UserStatusBadges user={account} />
      </Stack>
      <FormLevelError error={change.error} />
      <Group gap="sm">
        {account.disabledAt ? (
          <Button onClick={() => apply({ kind: 'enable' })} loading={change.isPending}>
            Enable account
          </Button>
        ) : (
          <Button color="red.9" onClick={() => apply({ kind: 'disable' })} loading={change.isPending}>
            Disable account
          </Button>
        )}
        {account.emailVerified ? null : (
          <Button variant="default" onClick={() => apply({ kind: 'verify-email' })} loading={change.isPending}>
            Mark email verified
          </Button>
        )}
        <Button
          variant="default"
          onClick={() => apply({ kind: 'role', role: account.role === 'admin' ? 'user' : 'admin' })}
          loading={change.isPending}
        >
          {account.role === 'admin' ? 'Remove admin role' : 'Make admin'}
        </Button>
        <Button variant="outline" color="red.9" onClick={() => setConfirmingDelete(true)}>
          Delete account
        </Button>
      </Group>
      <TypedConfirmModal
        opened={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Delete this account?"
        phrase="DELETE"
        label="Type DELETE to confirm"
        confirmLabel="Delete account"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: async () => {
              setConfirmingDelete(false);
              notifications.show({ message: 'Account deleted.', color: 'green', autoClose: 5000 });
              await navigate('/admin/users');
            },
          })
        }
      >
        <Alert color="red" variant="light">
          The account, its personal forms and sites go for good. Teams it owns must be handed over or deleted first.
        </Alert>
        <FormLevelError error={remove.error} />
      </TypedConfirmModal>
    </Stack>
  );
}
