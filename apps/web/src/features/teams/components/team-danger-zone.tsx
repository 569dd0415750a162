import { Button, Card, Text, Title } from '@mantine/core';
import { TypedConfirmModal } from '../../../components/ui/typed-confirm-modal.tsx';
import { useState } from 'react';
import type { TeamDetail } from '@huddle/shared/teams';
import { useDeleteTeam } from '../api/manage-members.ts';
import { teamNoun } from './team-labels.ts';
import { ErrorText } from '../../../components/ui/error-text.tsx';

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
      <TypedConfirmModal
        opened={open}
        onClose={() => {
          setOpen(false);
          remove.reset();
        }}
        title={`Delete ${teamName}?`}
        phrase={teamName}
        label={`Type the ${noun} name (${teamName}) to confirm`}
        confirmLabel="Delete for good"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(teamId, { onSuccess: onDeleted })}
      >
        {remove.error && <ErrorText>{remove.error.message}</ErrorText>}
      </TypedConfirmModal>
    </Card>
  );
}
