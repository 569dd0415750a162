import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { localToInstant } from '@huddle/shared/event-occurrences';
import { formatEventStart, viewerTimeZone } from '../../../lib/format-event-time.ts';
import { useCreateSessions, useSeasonSessions } from '../api/seasons.ts';

/**
 * A session reads as an event's date does (one formatter, the zone named): in the team's zone,
 * with the viewer's own time after it when that zone differs (issue 11). A team made before
 * teams had a zone shows the viewer's, named, so "7:00 PM CDT" is never a guess.
 */
function formatSession(iso: string, teamZone: string | null): string {
  const viewerZone = viewerTimeZone();
  const zone = teamZone ?? viewerZone;
  const inZone = formatEventStart(iso, zone, 'en-US');
  const yours = formatEventStart(iso, viewerZone, 'en-US');
  return yours === inZone ? inZone : `${inZone} (your time ${yours})`;
}

interface SeasonSessionsProps {
  seasonId: string;
  /** The team's zone; sessions are set and shown in it. */
  teamTimeZone: string | null;
  manages: boolean;
}

/** The dated meetings of a season, in the team's time zone; organizers add one or a weekly series. */
export function SeasonSessions({ seasonId, teamTimeZone, manages }: SeasonSessionsProps) {
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
            .map(
              (session) =>
                `${session.title ? `${session.title}, ` : ''}${formatSession(session.startsAt, teamTimeZone)}`,
            )
            .join(' · ')}
          {upcoming.length > 3 ? ` and ${upcoming.length - 3} more` : ''}
        </Text>
      )}
      {manages && <AddSessionsForm seasonId={seasonId} timeZone={teamTimeZone ?? viewerTimeZone()} />}
    </Stack>
  );
}

/** The instant a datetime-local value names in the team's zone; '' (refused by the server, beside the field) when it names none. */
function instantOf(local: string, timeZone: string): string {
  const instant = local ? localToInstant(local, timeZone) : null;
  return instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : '';
}

function AddSessionsForm({ seasonId, timeZone }: { seasonId: string; timeZone: string }) {
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
              // The time typed is a wall-clock time where the team plays; the server repeats it weekly there.
              startsAt: instantOf(values.startsAt, timeZone),
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
          <Button size="xs" variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
