import { Button, Card, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { TeamDetail } from '@huddle/shared/teams';
import { useDeleteTeam } from '../api/manage-members.ts';
import { teamNoun } from './team-labels.ts';

/** Owner only: deleting removes members, seasons and registrations with the team. */
export function TeamDangerZone({
  teamId,
  teamName,
  kind,
  onDeleted,
}: {
  teamId: string;
  teamName: string;
  kind: TeamDetail['kind'];
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteTeam();
  const noun = teamNoun(kind);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Delete this {noun}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Members, seasons and registrations go with it. This cannot be undone.
      </Text>
      <Button color="red" variant="light" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        Delete {noun}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Delete ${teamName}?`}>
        <Stack>
          <TextInput
            label={`Type the ${noun} name (${teamName}) to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          {remove.error && (
            <Text c="red.7" size="sm" role="alert">
              {remove.error.message}
            </Text>
          )}
          <Button
            color="red.9"
            disabled={typed.trim() !== teamName}
            loading={remove.isPending}
            onClick={() => remove.mutate(teamId, { onSuccess: onDeleted })}
          >
            Delete for good
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}
