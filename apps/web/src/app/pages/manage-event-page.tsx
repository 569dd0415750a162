import { Box, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useEvent } from '../../features/events/api/get-event.ts';
import { ManageEvent } from '../../features/events/components/manage-event.tsx';
import { OpenConversationButton } from '../../features/messages/components/open-conversation-button.tsx';
import { useOccurrenceParam } from '../../features/events/use-occurrence-param.ts';

/** discover/events/{id}/manage (spec §2): organizers only; everyone else is told so. */
export function Component() {
  const { eventId = '' } = useParams();
  const [occurrence, setOccurrence] = useOccurrenceParam();
  const view = useEvent(eventId, occurrence);

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
        onOccurrenceChange={setOccurrence}
        conversationAction={<OpenConversationButton target={{ eventId }} label="Message everyone" />}
      />
    </Box>
  );
}
