import { accountDeleteFailedMessage } from '@huddle/shared/accounts';
import { snackbarMs } from '@huddle/shared/limits';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TypedConfirmModal } from '../../../components/ui/typed-confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

const confirmWord = 'DELETE';

/**
 * Settings, general tab: deleting the account (spec §4, §5). Typing DELETE enables the
 * button; while the person has teams to delete or leave the server refuses, and its
 * reason shows here with the way to their teams.
 */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const deletion = useDeleteAccount({
    onDeleted: () => {
      close();
      onDeleted();
    },
  });
  const conflict = deletion.error instanceof ApiError && deletion.error.status === 409 ? deletion.error.message : null;

  const dismiss = () => {
    close();
    deletion.reset();
  };

  return (
    <Paper withBorder radius="md" p="md" style={{ borderColor: 'var(--mantine-color-red-light-color)' }}>
      <Stack gap="sm">
        <Title order={3} size="h4" c="var(--mantine-color-error)">
          Delete account
        </Title>
        <Text size="sm">
          Deleting your account removes your profile, availability and settings for good. It cannot be undone.
        </Text>
        <Group>
          <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} onClick={open}>
            Delete account
          </Button>
        </Group>
      </Stack>
      <TypedConfirmModal
        opened={opened}
        onClose={dismiss}
        title="Delete your account?"
        phrase={confirmWord}
        label={`Type ${confirmWord} to confirm`}
        confirmLabel="Delete"
        pending={deletion.isPending}
        onConfirm={() =>
          deletion.mutate(undefined, {
            onError: () =>
              notifications.show({ color: 'red', message: accountDeleteFailedMessage, autoClose: snackbarMs.short }),
          })
        }
      >
        <Text size="sm">
          Your profile, availability, settings and messages will be deleted. Type {confirmWord} to confirm.
        </Text>
        {conflict ? (
          <Alert color="red" variant="light" title="Your account cannot be deleted yet">
            <Stack gap={6}>
              <Text size="sm">{conflict}</Text>
              {/* The alert's own text colour: the link colour falls below 4.5:1 on its red tint (axe). */}
              <Anchor component={Link} to="/my-communities" size="sm" fw={600} c="inherit" underline="always">
                Go to Your Communities
              </Anchor>
            </Stack>
          </Alert>
        ) : null}
      </TypedConfirmModal>
    </Paper>
  );
}
