import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { formatEventStart, viewerTimeZone } from '../../../lib/format-event-time.ts';
import { useCreateSessions, useSeasonSessions } from '../api/seasons.ts';

/**
 * A session reads as an event's date does (one formatter, the zone named). Teams have no
 * zone of their own yet, so it is the viewer's, named, so "7:00 PM CDT" is never a guess.
 */
const formatSession = (iso: string) => formatEventStart(iso, viewerTimeZone(), 'en-US');

/** The dated meetings of a season, in the viewer's time zone; organizers add one or a weekly series. */
export function SeasonSessions({ seasonId, manages }: { seasonId: string; manages: boolean }) {
  const sessions = useSeasonSessions(seasonId);
  const list = sessions.data?.sessions ?? [];
  const [now] = useState(() => Date.now());
  const upcoming = list.filter((session) => Date.parse(session.endsAt) > now);
  return (
    <Stack gap={4}>
      {upcoming.length > 0 && (
        <Text size="sm">
          Next sessions:{' '}
          {upcoming
            .slice(0, 3)
            .map((session) => `${session.title ? `${session.title}, ` : ''}${formatSession(session.startsAt)}`)
            .join(' · ')}
          {upcoming.length > 3 ? ` and ${upcoming.length - 3} more` : ''}
        </Text>
      )}
      {manages && <AddSessionsForm seasonId={seasonId} />}
    </Stack>
  );
}

function AddSessionsForm({ seasonId }: { seasonId: string }) {
  const create = useCreateSessions();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({
    title: '',
    startsAt: '',
    durationMinutes: 90 as number | string,
    repeatWeeklyUntil: '',
  });
  if (!open)
    return (
      <Button size="xs" variant="subtle" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        Add sessions
      </Button>
    );
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
              // The browser's local time, sent with its offset, so weekly repeats keep the wall-clock time.
              startsAt: values.startsAt ? new Date(values.startsAt).toISOString() : '',
              durationMinutes: Number(values.durationMinutes),
              repeatWeeklyUntil: values.repeatWeeklyUntil || null,
            },
          },
          { onSuccess: () => setOpen(false) },
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
          <Button size="xs" variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
