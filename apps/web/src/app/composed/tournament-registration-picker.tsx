import type { TournamentDetail } from '@huddle/shared/tournaments';
import { Button, Checkbox, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTeamSeasons } from '../../features/teams/api/list-seasons.ts';
import { useSeasonRegistrations } from '../../features/teams/api/seasons.ts';
import { useSetEntrants } from '../../features/tournaments/api/set-entrants.ts';
import { FormLevelError } from '../../components/ui/form-level-error.tsx';

function SeasonRegistrations({ seasonId, tournament }: { seasonId: string; tournament: TournamentDetail }) {
  const registrations = useSeasonRegistrations(seasonId, true);
  const setEntrants = useSetEntrants(tournament.id);
  const [picked, setPicked] = useState<string[]>([]);
  const entered = new Set(tournament.entrants.flatMap((entrant) => entrant.registrationId ?? []));
  const open = (registrations.data?.registrations ?? []).filter((registration) => !entered.has(registration.id));

  if (registrations.isPending) return <Text c="dimmed">Loading registrations...</Text>;
  if (registrations.isError) return <Text>The registrations could not be loaded.</Text>;
  if (open.length === 0) return <Text c="dimmed">Everyone registered for this season is entered.</Text>;
  return (
    <Stack gap="xs">
      <Checkbox.Group label="Registered players" value={picked} onChange={setPicked}>
        <Stack gap={6} mt={6}>
          {open.map((registration) => (
            <Checkbox key={registration.id} value={registration.id} label={registration.name} />
          ))}
        </Stack>
      </Checkbox.Group>
      <FormLevelError error={setEntrants.error} />
      <Button
        variant="light"
        disabled={picked.length === 0}
        loading={setEntrants.isPending}
        style={{ alignSelf: 'flex-start' }}
        onClick={() =>
          // Added after the sides already entered (lowest seeds); the list's order can be changed after.
          setEntrants.mutate(
            [
              ...tournament.entrants.map((entrant) =>
                entrant.registrationId ? { registrationId: entrant.registrationId } : { name: entrant.name },
              ),
              ...picked.map((registrationId) => ({ registrationId })),
            ],
            { onSuccess: () => setPicked([]) },
          )
        }
      >
        Add {picked.length || ''} to the entrants
      </Button>
    </Stack>
  );
}

/**
 * Issue 16: entrants from the team's season registrations (the registered player captains the
 * side, decision 050), beside the typed list. Composed here: it takes the teams feature's seasons
 * and the tournaments feature's entrants.
 */
export function TournamentRegistrationPicker({ tournament }: { tournament: TournamentDetail }) {
  const seasons = useTeamSeasons(tournament.teamId);
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const list = seasons.data?.seasons ?? [];
  if (seasons.isPending || list.length === 0) return null;
  return (
    <Stack gap="xs">
      <Select
        label="Add from a season’s registrations"
        placeholder="Choose a season"
        data={list.map((season) => ({ value: season.id, label: season.label }))}
        value={seasonId}
        onChange={setSeasonId}
        clearable
      />
      {seasonId ? <SeasonRegistrations key={seasonId} seasonId={seasonId} tournament={tournament} /> : null}
    </Stack>
  );
}
