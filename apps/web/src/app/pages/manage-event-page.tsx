import { Box, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { useEvent } from '../../features/events/api/get-event.ts';
import { ManageEvent } from '../../features/events/components/manage-event.tsx';

/** discover/events/{id}/manage (spec §2): organizers only; everyone else is told so. */
export function Component() {
  const { eventId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useEvent(eventId, searchParams.get('occurrence'));

  if (view.isError && !view.data) {
    return (
      <Box maw={800}>
        <Title order={1}>The event could not be loaded</Title>
        <Text>{view.error.message}</Text>
      </Box>
    );
  }
  if (!view.data) {
    return (
      <Text c="dimmed" role="status">
        Loading…
      </Text>
    );
  }
  return (
    <Box maw={900}>
      <ManageEvent
        view={view.data}
        onOccurrenceChange={(startsAt) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('occurrence', startsAt);
              return next;
            },
            { replace: true },
          )
        }
      />
    </Box>
  );
}
