import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';

interface AdminDialogFormProps {
  /** The form's name for assistive technology ("Edit offer"). */
  label: string;
  /** Mantine's `form.onSubmit(...)`: checks the fields, then sends. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The save mutation's state: its failure above the buttons, its progress on the submit button. */
  save: { error: Error | null; isPending: boolean };
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}

/** An admin item's add or edit form in a dialog: its fields, the failure of a save, Cancel and the submit button. */
export function AdminDialogForm({ label, onSubmit, save, submitLabel, onCancel, children }: AdminDialogFormProps) {
  return (
    <form noValidate aria-label={label} onSubmit={onSubmit}>
      <Stack gap="sm">
        {children}
        <FormLevelError error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
