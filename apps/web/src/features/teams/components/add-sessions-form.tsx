import { localToInstant } from '@huddle/shared/event-occurrences';
import { Alert, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateSessions } from '../api/seasons.ts';

/** The instant a datetime-local value names in the team's zone; '' (refused by the server, beside the field) when it names none. */
function instantOf(local: string, timeZone: string): string {
  const instant = local ? localToInstant(local, timeZone) : null;
  return instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : '';
}

/**
 * An organizer's form for one session or a weekly series (NumberInput and its number formatting),
 * loaded on the first press of "Add sessions" (season-sessions.tsx, decision 082's addendum).
 */
export function AddSessionsForm({
  seasonId,
  timeZone,
  onClose,
}: {
  seasonId: string;
  timeZone: string;
  onClose: () => void;
}) {
  const create = useCreateSessions();
  const [values, setValues] = useState({
    title: '',
    startsAt: '',
    durationMinutes: 90 as number | string,
    repeatWeeklyUntil: '',
  });
  const fieldError = (field: string) =>
    create.error instanceof ApiError ? create.error.fieldMessages[field] : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          {
            seasonId,
            session: {
              title: values.title.trim() || null,
              // The time typed is a wall-clock time where the team plays; the server repeats it weekly there.
              startsAt: instantOf(values.startsAt, timeZone),
              durationMinutes: Number(values.durationMinutes),
              repeatWeeklyUntil: values.repeatWeeklyUntil || null,
            },
          },
          { onSuccess: onClose },
        );
      }}
    >
      <Stack gap="xs" mt="xs">
        <TextInput
          label="Session title"
          placeholder="League night"
          value={values.title}
          onChange={(event) => setValues({ ...values, title: event.currentTarget.value })}
        />
        <Group grow>
          <TextInput
            type="datetime-local"
            label="First session starts"
            description={`Time in ${timeZone.replaceAll('_', ' ')}`}
            required
            value={values.startsAt}
            onChange={(event) => setValues({ ...values, startsAt: event.currentTarget.value })}
            error={fieldError('startsAt')}
          />
          <NumberInput
            label="Minutes"
            min={15}
            max={1440}
            value={values.durationMinutes}
            onChange={(value) => setValues({ ...values, durationMinutes: value })}
            error={fieldError('durationMinutes')}
          />
        </Group>
        <TextInput
          type="date"
          label="Repeat weekly until (optional)"
          value={values.repeatWeeklyUntil}
          onChange={(event) => setValues({ ...values, repeatWeeklyUntil: event.currentTarget.value })}
          error={fieldError('repeatWeeklyUntil')}
        />
        {create.error && !fieldError('startsAt') && !fieldError('repeatWeeklyUntil') && (
          <Alert color="red" role="alert">
            {create.error.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="xs" loading={create.isPending}>
            Save sessions
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
