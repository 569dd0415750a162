import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';

interface TypedConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the person types to enable the button (a team's name, DELETE); spaces around it do not count. */
  phrase: string;
  label: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** What goes above the field: what is lost, and why the server refused. */
  children?: ReactNode;
}

/**
 * The one confirmation for what cannot be undone (deleting an account or a team, as GitHub
 * and TeamSnap do it): the button stays off until the phrase is typed, and Enter confirms.
 */
export function TypedConfirmModal({ opened, onClose, title, ...form }: TypedConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={460}>
      {/* Its own component: what was typed is gone when the dialog closes. */}
      <TypedConfirmForm {...form} onCancel={onClose} />
    </Modal>
  );
}

function TypedConfirmForm({
  phrase,
  label,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
  children,
}: Omit<TypedConfirmModalProps, 'opened' | 'onClose' | 'title'> & { onCancel: () => void }) {
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === phrase;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (confirmed && !pending) onConfirm();
      }}
    >
      <Stack gap="md">
        {children}
        <TextInput
          label={label}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          {/* Red 9: white text at 5.5:1; the theme's shade 7 of red is 3.8:1, below WCAG AA (axe). */}
          <Button type="submit" color="red.9" disabled={!confirmed} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
