import { timePollMessages, type TimePoll } from '@huddle/shared/time-polls';
import { Button, Card, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatEventStart } from '../../../lib/format-event-time.ts';
import { useCloseTimePoll } from '../api/close-time-poll.ts';
import { usePlaceSearch } from '../api/search-places.ts';

/**
 * The organizer closes the poll on one time (the best so far is picked to start with): the game
 * is created on it and announced to the members.
 */
export function CloseTimePollPanel({ poll }: { poll: TimePoll }) {
  const close = useCloseTimePoll();
  const [slotId, setSlotId] = useState<string | null>(poll.suggestedSlotId ?? poll.slots[0]?.id ?? null);
  const [placeId, setPlaceId] = useState<string | null>(null);
  const [placeText, setPlaceText] = useState('');
  const [debouncedPlace] = useDebouncedValue(placeText, 250);
  const places = usePlaceSearch(debouncedPlace);
  const headingId = useId();
  const fieldError = (key: string) =>
    close.error instanceof ApiError ? close.error.fields?.[key]?.join(' ') : undefined;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Close the poll
        </Title>
        <Text size="sm" c="dimmed">
          Pick the time to play. Huddle creates the game on it and tells the members.
        </Text>
        <Select
          label="Time to play"
          data={poll.slots.map((slot) => ({
            value: slot.id,
            label: `${formatEventStart(slot.startsAt, poll.timeZone)} · ${slot.counts.yes} yes, ${slot.counts.ifNeeded} if needed${slot.id === poll.suggestedSlotId ? ' (best)' : ''}`,
          }))}
          value={slotId}
          onChange={setSlotId}
          allowDeselect={false}
          error={fieldError('slotId')}
        />
        {!poll.place && (
          <Select
            label="Place"
            required
            description={timePollMessages.placeNeeded}
            placeholder="Type a place's name"
            searchable
            data={(places.data ?? []).map((option) => ({ value: option.id, label: option.label }))}
            value={placeId}
            onChange={setPlaceId}
            searchValue={placeText}
            onSearchChange={setPlaceText}
            nothingFoundMessage={debouncedPlace.trim().length >= 2 ? 'No place found.' : 'Type at least 2 characters.'}
            error={fieldError('placeId')}
          />
        )}
        <FormLevelError error={close.error} />
        <Button
          onClick={() => slotId && close.mutate({ pollId: poll.id, body: { slotId, placeId } })}
          loading={close.isPending}
          disabled={!slotId}
          style={{ alignSelf: 'flex-start' }}
        >
          Close the poll and create the game
        </Button>
      </Stack>
    </Card>
  );
}
