import { formMessages } from '@huddle/shared/forms';
import { Alert, Badge, Button, Card, Group, Menu, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDeleteForm } from '../api/delete-form.ts';
import { useDuplicateForm } from '../api/duplicate-form.ts';
import { useMyForms } from '../api/list-my-forms.ts';
import { useSetFormStatus } from '../api/set-form-status.ts';
import { formStatusColors, formStatusNames } from '../form-status.ts';
import { NewFormDialog } from './new-form-dialog.tsx';

const changed = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** form: "Your forms" (issue 14), each with what can be done with it. */
export function FormsList({ teams }: { teams: { id: string; name: string }[] }) {
  const forms = useMyForms();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const duplicate = useDuplicateForm();
  const remove = useDeleteForm();
  const setStatus = useSetFormStatus();

  const run = async (action: () => Promise<unknown>) => {
    setActionError(null);
    try {
      await action();
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    }
  };

  let body;
  if (forms.isPending)
    body = (
      <Text c="dimmed" role="status">
        Loading your forms…
      </Text>
    );
  else if (forms.isError)
    body = (
      <Alert color="red" role="alert">
        {forms.error.message}
      </Alert>
    );
  else if (forms.data.forms.length === 0) {
    body = (
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            No forms yet
          </Title>
          <Text>
            Forms collect registrations, waivers and surveys. Start one with New form: add questions, publish it, then
            share its link.
          </Text>
        </Stack>
      </Card>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {forms.data.forms.map((form) => (
          <Card key={form.id} component="li" withBorder radius="lg" padding="md" aria-label={form.title}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {form.title}
                  </Text>
                  <Badge color={formStatusColors[form.status]}>{formStatusNames[form.status]}</Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {form.team ? form.team.name : 'Yours'} · {form.submissionCount}{' '}
                  {form.submissionCount === 1 ? 'submission' : 'submissions'} · changed{' '}
                  {changed.format(new Date(form.updatedAt))}
                </Text>
              </Stack>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="subtle" size="compact-md" aria-label={`Actions for ${form.title}`}>
                    <IconDots size={18} aria-hidden />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {form.canEdit ? (
                    <Menu.Item component={Link} to={`/form/build/${form.id}`}>
                      Edit
                    </Menu.Item>
                  ) : null}
                  <Menu.Item component={Link} to={`/form/${form.id}`}>
                    View
                  </Menu.Item>
                  <Menu.Item component={Link} to={`/form/${form.id}/submissions`}>
                    Submissions
                  </Menu.Item>
                  {form.canEdit ? (
                    <>
                      <Menu.Item
                        onClick={() =>
                          void run(async () => {
                            const copy = await duplicate.mutateAsync(form.id);
                            void navigate(`/form/build/${copy.id}`);
                          })
                        }
                      >
                        Duplicate
                      </Menu.Item>
                      {form.status === 'published' ? (
                        <Menu.Item
                          onClick={() => void run(() => setStatus.mutateAsync({ formId: form.id, status: 'closed' }))}
                        >
                          Close
                        </Menu.Item>
                      ) : null}
                      {form.status === 'closed' ? (
                        <Menu.Item
                          onClick={() =>
                            void run(() => setStatus.mutateAsync({ formId: form.id, status: 'published' }))
                          }
                        >
                          Reopen
                        </Menu.Item>
                      ) : null}
                      <Menu.Item color="red" onClick={() => setDeleting({ id: form.id, title: form.title })}>
                        Delete
                      </Menu.Item>
                    </>
                  ) : null}
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Your forms</Title>
        <Button onClick={() => setCreating(true)}>New form</Button>
      </Group>
      {actionError ? (
        <Alert color="red" role="alert">
          {actionError}
        </Alert>
      ) : null}
      {body}
      <NewFormDialog opened={creating} onClose={() => setCreating(false)} teams={teams} />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete “${deleting?.title ?? ''}”?`}
        centered
      >
        <Stack>
          <Text>{formMessages.deleteConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                void run(async () => {
                  if (deleting) await remove.mutateAsync(deleting.id);
                  setDeleting(null);
                })
              }
            >
              Delete form
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
