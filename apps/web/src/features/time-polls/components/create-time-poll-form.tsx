import { instantToLocal, localToInstant } from '@huddle/shared/event-occurrences';
import { eventSlots } from '@huddle/shared/events';
import {
  pollDurationMinutes,
  pollSlotCount,
  type CreateTimePollBody,
  type NewPollState,
  type TimePoll,
} from '@huddle/shared/time-polls';
import { Button, Card, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState, type FormEvent } from 'react';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateTimePoll } from '../api/create-time-poll.ts';
import { usePlaceName, usePlaceSearch } from '../api/search-places.ts';
import { ErrorText } from '../../../components/ui/error-text.tsx';

interface SlotRow {
  key: number;
  date: string;
  time: string;
}

interface CreateTimePollFormProps {
  teamId: string;
  /** The team's zone: the times typed here are on its clock. */
  timeZone: string;
  /** What "Send a poll" on the find-a-time page handed over, if it opened this page. */
  initial: NewPollState | null;
  onCreated: (poll: TimePoll) => void;
}

const searchDelayMs = 250;
let nextKey = 0;
const emptyRow = (): SlotRow => ({ key: (nextKey += 1), date: '', time: '' });

function rowsFrom(initial: NewPollState | null, timeZone: string): SlotRow[] {
  const rows = (initial?.slots ?? []).map((slot) => {
    const local = instantToLocal(new Date(slot.startsAt), timeZone);
    return { key: (nextKey += 1), date: local.slice(0, 10), time: local.slice(11, 16) };
  });
  while (rows.length < pollSlotCount.min) rows.push(emptyRow());
  return rows;
}

/** The error of one field from the server's reply, with the nested keys the API uses ("slots.0.startsAt"). */
const fieldError = (error: Error | null, key: string) =>
  error instanceof ApiError ? error.fields?.[key]?.join(' ') : undefined;

/**
 * The organizer's new poll: a title, an optional place, the spots, and 2-5 times (a date and a
 * start on the team's clock, one duration for all), with an optional closing date.
 */
export function CreateTimePollForm({ teamId, timeZone, initial, onCreated }: CreateTimePollFormProps) {
  const create = useCreateTimePoll();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [spots, setSpots] = useState<number | string>(10);
  const [duration, setDuration] = useState<number | string>(initial?.durationMinutes ?? pollDurationMinutes.default);
  const [rows, setRows] = useState<SlotRow[]>(() => rowsFrom(initial, timeZone));
  const [closesOn, setClosesOn] = useState('');
  const [placeId, setPlaceId] = useState<string | null>(initial?.placeId ?? null);
  const [placeText, setPlaceText] = useState('');
  const [chosenPlace, setChosenPlace] = useState<{ id: string; label: string } | null>(null);
  const [debouncedPlace] = useDebouncedValue(placeText, searchDelayMs);
  const handedPlace = usePlaceName(initial?.placeId);
  const found = usePlaceSearch(debouncedPlace);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const headingId = useId();

  // The chosen place stays an option while the search text moves on to show other places.
  const handed = initial?.placeId && handedPlace.data ? { id: initial.placeId, label: handedPlace.data } : null;
  const chosen = chosenPlace ?? (placeId === handed?.id ? handed : null);
  const placeOptions = [
    ...(chosen ? [chosen] : []),
    ...(found.data ?? []).filter((option) => option.id !== chosen?.id),
  ];

  const updateRow = (key: number, change: Partial<SlotRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function bodyFrom(): CreateTimePollBody | null {
    const errors: Record<string, string> = {};
    const minutes = Number(duration);
    if (!Number.isInteger(minutes) || minutes < pollDurationMinutes.min || minutes > pollDurationMinutes.max) {
      errors.duration = `Between ${pollDurationMinutes.min} and ${pollDurationMinutes.max} minutes.`;
    }
    rows.forEach((row, index) => {
      if (!row.date) errors[`slots.${index}.date`] = 'Pick a date.';
      if (!row.time) errors[`slots.${index}.startsAt`] = 'Pick a start time.';
    });
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return null;
    const slots = rows.map((row) => {
      const start = localToInstant(`${row.date}T${row.time}`, timeZone);
      return {
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
      };
    });
    return {
      title,
      placeId,
      spots: Number(spots),
      slots,
      // Voting closes at the end of the day picked, on the team's clock.
      closesAt: closesOn ? localToInstant(`${closesOn}T23:59`, timeZone).toISOString() : null,
    };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = bodyFrom();
    if (!body) return;
    create.mutate({ teamId, body }, { onSuccess: onCreated });
  }

  const error = create.error;
  const slotsError = fieldError(error, 'slots');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id={headingId}>
            Poll details
          </Title>
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={fieldError(error, 'title')}
            maxLength={80}
          />
          <Select
            label="Place (optional)"
            description="Search the places on Huddle; you can also choose one when you close the poll."
            placeholder="Type a place's name"
            searchable
            clearable
            data={placeOptions.map((option) => ({ value: option.id, label: option.label }))}
            value={placeId}
            onChange={(value, option) => {
              setPlaceId(value);
              setChosenPlace(value && option ? { id: value, label: option.label } : null);
            }}
            searchValue={placeText}
            onSearchChange={setPlaceText}
            nothingFoundMessage={debouncedPlace.trim().length >= 2 ? 'No place found.' : 'Type at least 2 characters.'}
            error={fieldError(error, 'placeId')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label="Spots"
              required
              min={eventSlots.min}
              max={eventSlots.max}
              value={spots}
              onChange={setSpots}
              error={fieldError(error, 'spots')}
              miw={120}
            />
            <NumberInput
              label="Duration (minutes)"
              required
              min={pollDurationMinutes.min}
              max={pollDurationMinutes.max}
              step={15}
              value={duration}
              onChange={setDuration}
              error={localErrors.duration}
              miw={120}
            />
          </Group>
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600}>
              Times to vote on ({timeZone.replaceAll('_', ' ')} time)
            </Text>
            {rows.map((row, index) => (
              <Group key={row.key} align="flex-end" wrap="wrap" gap="sm" data-testid="poll-slot-row">
                <TextInput
                  type="date"
                  label={`Time ${index + 1}: date`}
                  required
                  value={row.date}
                  onChange={(event) => updateRow(row.key, { date: event.currentTarget.value })}
                  error={localErrors[`slots.${index}.date`]}
                  miw={150}
                />
                <TextInput
                  type="time"
                  label={`Time ${index + 1}: start`}
                  required
                  value={row.time}
                  onChange={(event) => updateRow(row.key, { time: event.currentTarget.value })}
                  error={
                    localErrors[`slots.${index}.startsAt`] ??
                    fieldError(error, `slots.${index}.startsAt`) ??
                    fieldError(error, `slots.${index}.endsAt`)
                  }
                  miw={120}
                />
                {rows.length > pollSlotCount.min && (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
                    aria-label={`Remove time ${index + 1}`}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            ))}
            {slotsError && <ErrorText>{slotsError}</ErrorText>}
            {rows.length < pollSlotCount.max && (
              <Button
                variant="light"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => setRows((current) => [...current, emptyRow()])}
              >
                Add a time
              </Button>
            )}
          </Stack>
          <TextInput
            type="date"
            label="Voting closes (optional)"
            description="At the end of this day. Without one, the poll stays open until you close it."
            value={closesOn}
            onChange={(event) => setClosesOn(event.currentTarget.value)}
            error={fieldError(error, 'closesAt')}
            maw={260}
          />
          <FormLevelError error={error} />
          <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
            Send the poll
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
