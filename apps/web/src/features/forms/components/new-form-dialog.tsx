import { createFormBody } from '@huddle/contracts/forms';
import { formTitleLength } from '@huddle/shared/forms';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { useCreateForm } from '../api/create-form.ts';

type NewFormDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Teams where the person is owner or organizer: a form can belong to one of them. */
  teams: { id: string; name: string }[];
};

/** New form: a title and an owner (me, or a team I run); then on to the builder. */
export function NewFormDialog({ opened, onClose, teams }: NewFormDialogProps) {
  const navigate = useNavigate();
  const create = useCreateForm();
  const form = useForm({
    initialValues: { title: '', owner: '' },
    validate: {
      title: (title) => {
        const parsed = createFormBody.shape.title.safeParse(title);
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give the form a title.');
      },
    },
  });
  const submit = form.onSubmit(async ({ title, owner }) => {
    try {
      const draft = await create.mutateAsync({ title, teamId: owner || null });
      onClose();
      void navigate(`/form/build/${draft.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const { teamId, ...rest } = error.fieldMessages;
        form.setErrors({ ...rest, ...(teamId ? { owner: teamId } : {}) });
      } else form.setErrors({ title: error instanceof Error ? error.message : String(error) });
    }
  }, focusFirstError);
  return (
    <Modal opened={opened} onClose={onClose} title="New form" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Title"
            required
            maxLength={formTitleLength.max}
            data-autofocus
            {...form.getInputProps('title')}
          />
          <NativeSelect
            label="Owner"
            description="A team’s form can be edited by its organizers."
            data={[{ value: '', label: 'Me' }, ...teams.map((team) => ({ value: team.id, label: team.name }))]}
            {...form.getInputProps('owner')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create and edit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
