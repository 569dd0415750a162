import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLeaveEvent } from '../api/leave-event.ts';

interface LeaveDialogProps {
  eventId: string;
  occurrence: string;
  /** What leaving means for this spot, said before it happens (join-panel.tsx's leaveWording). */
  wording: { title: string; body: string; confirm: string; keep: string };
  opened: boolean;
  onClose: () => void;
}

/**
 * The confirmation before leaving, declining an offer or releasing a held spot (issue 11). Loaded
 * on the first press of its button (join-panel.tsx, decision 082): the page is interactive without it.
 */
export function LeaveDialog({ eventId, occurrence, wording, opened, onClose }: LeaveDialogProps) {
  const leave = useLeaveEvent();
  return (
    <Modal opened={opened} onClose={onClose} title={wording.title}>
      <Stack>
        <Text>{wording.body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {wording.keep}
          </Button>
          <Button
            color="red"
            loading={leave.isPending}
            onClick={() =>
              leave.mutate(
                { eventId, occurrence },
                {
                  onSuccess: () => {
                    onClose();
                    notifications.show({ message: 'You are off the list for this date.' });
                  },
                  onError: (error) => notifications.show({ color: 'red', message: error.message }),
                },
              )
            }
          >
            {wording.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
