import { Box, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useEvent } from '../../features/events/api/get-event.ts';
import { ManageEvent } from '../../features/events/components/manage-event.tsx';
import { OpenConversationButton } from '../../features/messages/components/open-conversation-button.tsx';
import { useOccurrenceParam } from '../../features/events/use-occurrence-param.ts';
import { EventPaymentsCard } from '../../features/paid-games/components/event-payments-card.tsx';
import { SubstitutesCard } from '../../features/substitutes/components/substitutes-card.tsx';
import { TeamMakerCard } from '../../features/fair-teams/components/team-maker-card.tsx';

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
      <Stack gap="lg">
        <ManageEvent
          view={view.data}
          onOccurrenceChange={setOccurrence}
          conversationAction={<OpenConversationButton target={{ eventId }} label="Message everyone" />}
        />
        {/* Issue 13: a paid game's payments of this date, refundable by its organizers. */}
        {view.data.canManage && Boolean(view.data.event.priceCents) && (
          <EventPaymentsCard eventId={view.data.event.id} occurrence={view.data.occurrence.startsAt} />
        )}
        {/* Issue 34 part 2: fair teams on the day; organizers only. */}
        {view.data.canManage && !view.data.event.cancelled && (
          <TeamMakerCard eventId={view.data.event.id} occurrenceStartsAt={view.data.occurrence.startsAt} />
        )}
        {/* Issue 12: who was invited to this date as a substitute; organizers only. */}
        {view.data.canManage && !view.data.event.cancelled && (
          <SubstitutesCard
            eventId={view.data.event.id}
            occurrenceStartsAt={view.data.occurrence.startsAt}
            timeZone={view.data.event.timeZone}
            gameType={view.data.event.gameType}
          />
        )}
      </Stack>
    </Box>
  );
}
