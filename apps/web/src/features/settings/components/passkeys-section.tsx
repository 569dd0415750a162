import { passkeyMessages, passkeyNameMaxLength, suggestedPasskeyName } from '@huddle/shared/passkey-messages';
import type { PasskeyReply } from '@huddle/shared/passkeys';
import type { CurrentUser } from '@huddle/shared/users';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { dateTimeFormat } from '../../../lib/intl-formats.ts';
import { browserSupportsPasskeys, PasskeyPromptError } from '../../../lib/passkey-prompt.ts';
import { useAddPasskey } from '../api/add-passkey.ts';
import { usePasskeys } from '../api/list-passkeys.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import { useRenamePasskey } from '../api/rename-passkey.ts';

const formatDay = (iso: string) => dateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/** The name field's own problem, checked as the server checks it (passkeyName in packages/shared). */
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return passkeyMessages.nameMissing;
  if (trimmed.length > passkeyNameMaxLength) return passkeyMessages.nameTooLong;
  return null;
}

/** What went wrong adding or renaming, as the person reads it; null when the prompt was merely taken over. */
function problemOf(error: Error): string | null {
  if (error instanceof PasskeyPromptError) {
    if (error.reason === 'aborted') return null;
    if (error.reason === 'cancelled') return passkeyMessages.cancelled;
    if (error.reason === 'already-registered') return passkeyMessages.alreadyOnDevice;
    return passkeyMessages.notVerified;
  }
  return error.message;
}

interface NameDialogProps {
  title: string;
  submitLabel: string;
  initialName: string;
  opened: boolean;
  pending: boolean;
  /** A problem of the whole step (not the name's), shown above the field. */
  problem: string | null;
  /** The server's word on the name itself. */
  nameError: string | null;
  extra?: React.ReactNode;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

function NameDialog({
  title,
  submitLabel,
  initialName,
  opened,
  pending,
  problem,
  nameError,
  extra,
  onClose,
  onSubmit,
}: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = nameProblem(name);
    setError(found);
    if (!found) onSubmit(name.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {problem ? (
            <Alert color="red" variant="light" title="The passkey was not saved">
              <Stack gap="xs">
                <Text size="sm">{problem}</Text>
                {extra}
              </Stack>
            </Alert>
          ) : null}
          <TextInput
            label="Passkey name"
            description="So you can tell your passkeys apart: the device or password manager that holds it."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error ?? nameError}
            maxLength={passkeyNameMaxLength + 10}
            required
            withAsterisk={false}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PasskeyItem({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: PasskeyReply;
  onRename: () => void;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            <IconKey size={18} aria-hidden />
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {passkey.name}
            </Text>
            {passkey.backedUp ? (
              <Badge color="huddle" variant="filled" size="sm">
                Synced
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            Added {formatDay(passkey.createdAt)} ·{' '}
            {passkey.lastUsedAt ? `Last used ${formatDay(passkey.lastUsedAt)}` : 'Not used yet'}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={`Rename ${passkey.name}`}
            onClick={onRename}
          >
            Rename
          </Button>
          <Button
            color="red"
            variant="light"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`Remove ${passkey.name}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

type Dialog = { kind: 'add' } | { kind: 'rename'; passkey: PasskeyReply } | { kind: 'remove'; passkey: PasskeyReply };

/**
 * Settings, general tab, beside the sign-in email (issue 34, part 3; decision 078): the person's
 * passkeys with when each was added and last used; add one (named), rename or remove one (after a
 * confirmation). Adding needs a verified email and a recent sign-in (the server says which).
 */
export function PasskeysSection({ user, onSignInAgain }: { user: CurrentUser; onSignInAgain: () => void }) {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [supported] = useState(browserSupportsPasskeys);

  const close = () => {
    setDialog(null);
    add.reset();
    rename.reset();
    remove.reset();
  };
  const done = (message: string) => {
    close();
    notifications.show({ color: 'huddle', message });
  };

  const addProblem = add.error ? problemOf(add.error) : null;
  const nameErrorOf = (error: Error | null) => (error instanceof ApiError ? (error.fieldMessages.name ?? null) : null);

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h3">
          Passkeys
        </Title>
        <Text size="sm" c="dimmed">
          Sign in with your fingerprint, face or screen lock instead of a password. Your password and other sign-in
          methods keep working.
        </Text>
      </Stack>

      {passkeys.isPending ? <Loader size="sm" aria-label="Loading your passkeys" /> : null}
      {passkeys.isError ? (
        <Alert color="red" variant="light">
          {passkeys.error.message}
        </Alert>
      ) : null}
      {passkeys.data ? (
        passkeys.data.passkeys.length === 0 ? (
          <Text size="sm">You have no passkeys yet.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your passkeys">
            {passkeys.data.passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                onRename={() => setDialog({ kind: 'rename', passkey })}
                onRemove={() => setDialog({ kind: 'remove', passkey })}
              />
            ))}
          </Stack>
        )
      ) : null}

      {!supported ? (
        <Text size="sm">This browser cannot create passkeys. Open Huddle in an up-to-date browser to add one.</Text>
      ) : !user.emailVerified ? (
        <Text size="sm">{passkeyMessages.emailNotVerified}</Text>
      ) : (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
            Add a passkey
          </Button>
        </Group>
      )}

      {dialog?.kind === 'add' ? (
        <NameDialog
          opened
          title="Add a passkey"
          submitLabel="Create passkey"
          initialName={suggestedPasskeyName(navigator.userAgent)}
          pending={add.isPending}
          problem={nameErrorOf(add.error) ? null : addProblem}
          nameError={nameErrorOf(add.error)}
          extra={
            add.error instanceof ApiError && add.error.message === passkeyMessages.signInAgain ? (
              <Group>
                <Button size="xs" variant="white" color="red" onClick={onSignInAgain}>
                  Sign out to sign in again
                </Button>
              </Group>
            ) : null
          }
          onClose={close}
          onSubmit={(name) => add.mutate({ name }, { onSuccess: () => done(passkeyMessages.added) })}
        />
      ) : null}

      {dialog?.kind === 'rename' ? (
        <NameDialog
          opened
          title="Rename passkey"
          submitLabel="Save"
          initialName={dialog.passkey.name}
          pending={rename.isPending}
          problem={rename.error && !nameErrorOf(rename.error) ? rename.error.message : null}
          nameError={nameErrorOf(rename.error)}
          onClose={close}
          onSubmit={(name) =>
            rename.mutate({ passkeyId: dialog.passkey.id, name }, { onSuccess: () => done(passkeyMessages.renamed) })
          }
        />
      ) : null}

      {dialog?.kind === 'remove' ? (
        <Modal opened onClose={close} title="Remove this passkey?">
          <Stack gap="md">
            <Text size="sm">
              “{dialog.passkey.name}” will no longer sign you in to Huddle. You can also delete it from the device or
              password manager that holds it.
            </Text>
            {remove.error ? (
              <Alert color="red" variant="light">
                {remove.error.message}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} data-autofocus>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(dialog.passkey.id, { onSuccess: () => done(passkeyMessages.removed) })}
              >
                Remove passkey
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
