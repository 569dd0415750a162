import type { EventView } from '@huddle/shared/events';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useCancelOccurrence } from '../api/cancel-occurrence.ts';
import { formatOccurrence } from '../event-format.ts';

/** Calls off the shown date of a series only (issue 11); the other dates go on. */
export function CancelDateButton({ view }: { view: EventView }) {
  const cancel = useCancelOccurrence();
  const [open, setOpen] = useState(false);
  const { event, occurrence } = view;
  if (!event.repeat || event.cancelled || view.occurrenceCancelled || event.inPast) return null;
  const when = formatOccurrence(occurrence.startsAt, event.timeZone);
  return (
    <>
      <Button color="red" variant="subtle" onClick={() => setOpen(true)}>
        Cancel this date
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Cancel this date?">
        <Stack>
          <Text>
            {when} is called off. Everyone who joined or is waiting on this date gets an email; the other dates go on.
            This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Keep the date
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { eventId: event.id, occurrenceStartsAt: occurrence.startsAt },
                  {
                    onSuccess: () => {
                      setOpen(false);
                      notifications.show({ message: `${when} is cancelled.` });
                    },
                    onError: (error) => notifications.show({ color: 'red', message: error.message }),
                  },
                )
              }
            >
              Cancel this date
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
