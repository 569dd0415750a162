import { entrantsBody } from '@huddle/contracts/tournaments';
import type { TournamentDetail } from '@huddle/shared/tournaments';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useGenerateSchedule } from '../api/generate-schedule.ts';
import { useSetEntrants } from '../api/set-entrants.ts';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Before the schedule: the organizer types the sides, best seed first (seeding is the order),
 * saves them, then makes the schedule. A line keeping a registered side's name keeps that side.
 */
export function EntrantsEditor({ tournament }: { tournament: TournamentDetail }) {
  const setEntrants = useSetEntrants(tournament.id);
  const generate = useGenerateSchedule(tournament.id);
  const [text, setText] = useState(() => tournament.entrants.map((entrant) => entrant.name).join('\n'));
  const [error, setError] = useState<string | null>(null);
  const saved = tournament.entrants.map((entrant) => entrant.name).join('\n');
  const changed = linesOf(text).join('\n') !== saved;

  const save = async () => {
    // A line naming a side taken from a registration keeps it (and its captain).
    const registered = new Map(
      tournament.entrants.flatMap((entrant) =>
        entrant.registrationId ? [[entrant.name, entrant.registrationId]] : [],
      ),
    );
    const entrants = linesOf(text).map((name) => {
      const registrationId = registered.get(name);
      return registrationId ? { registrationId } : { name };
    });
    const parsed = entrantsBody.safeParse({ entrants });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the entrants.');
      return false;
    }
    setError(null);
    try {
      await setEntrants.mutateAsync(parsed.data.entrants);
      return true;
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setError(Object.values(caught.fieldMessages).join(' '));
      return false;
    }
  };

  const makeSchedule = async () => {
    if (changed && !(await save())) return;
    try {
      await generate.mutateAsync();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setError(Object.values(caught.fieldMessages).join(' '));
    }
  };

  return (
    <Stack>
      <Textarea
        label="Teams or players"
        description="One per line, best seed first: the top seeds get the byes."
        autosize
        minRows={5}
        maxRows={16}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
      />
      <Text size="sm" c="dimmed">
        {linesOf(text).length} entered
      </Text>
      <FormLevelError error={setEntrants.error ?? generate.error} />
      <Group>
        <Button variant="default" onClick={() => void save()} loading={setEntrants.isPending} disabled={!changed}>
          Save entrants
        </Button>
        <Button onClick={() => void makeSchedule()} loading={generate.isPending}>
          Make the schedule
        </Button>
      </Group>
    </Stack>
  );
}
