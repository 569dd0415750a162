import type { AttendanceStatus } from '@huddle/shared/event-organizer';
import type { Party } from '@huddle/shared/events';
import { Group, Radio, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMarkAttendance } from '../api/attendance.ts';

interface AttendanceControlProps {
  eventId: string;
  occurrenceStartsAt: string;
  party: Party & { userId: string };
  status: AttendanceStatus | undefined;
}

/** Present or no-show for one joined player, after the start (issue 11); marking again overwrites. */
export function AttendanceControl({ eventId, occurrenceStartsAt, party, status }: AttendanceControlProps) {
  const mark = useMarkAttendance();
  // The choice shows at once, from the click itself: the mutation's pending state arrives a render
  // later, and the controlled group would flick back to the old mark in between.
  const [chosen, setChosen] = useState<AttendanceStatus | null>(null);
  const shown = chosen ?? status;
  return (
    <Radio.Group
      // The name is for screen readers; beside the player's row the two choices speak for themselves.
      label={<VisuallyHidden>Attendance: {party.displayName}</VisuallyHidden>}
      value={shown ?? null}
      onChange={(value) => {
        setChosen(value as AttendanceStatus);
        mark.mutate(
          {
            eventId,
            body: { occurrenceStartsAt, userId: party.userId, status: value as AttendanceStatus },
          },
          {
            onError: (error) => notifications.show({ color: 'red', message: error.message }),
            // Success has written the server's answer into the attendance list; a failure shows the old mark.
            onSettled: () => setChosen(null),
          },
        );
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Radio value="present" label="Present" size="xs" />
        <Radio value="no_show" label="No-show" size="xs" />
      </Group>
    </Radio.Group>
  );
}
