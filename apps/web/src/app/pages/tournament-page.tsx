import { Skeleton, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTournament } from '../../features/tournaments/api/get-tournament.ts';
import { TournamentView } from '../../features/tournaments/components/tournament-view.tsx';
import { TournamentRegistrationPicker } from '../composed/tournament-registration-picker.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';

/** tournament/{id} (public like events, spec §6): the bracket, standings and scores, live. */
export function Component() {
  const { tournamentId = '' } = useParams();
  const navigate = useNavigate();
  const tournament = useTournament(tournamentId);
  const missing =
    tournament.error instanceof ApiError && (tournament.error.code === 'NOT_FOUND' || tournament.error.status === 400);
  usePageName(missing ? notFoundPageName : tournament.data?.name);

  if (tournament.isPending) {
    return (
      <Stack gap="md" maw={1200} aria-busy="true">
        <Text c="dimmed" role="status">
          Loading tournament...
        </Text>
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  }
  if (missing) return <Text>This tournament does not exist, or is not shared with you.</Text>;
  if (tournament.isError) return <Text>The tournament could not be loaded.</Text>;
  return (
    <Stack maw={1200}>
      <TournamentView
        tournament={tournament.data}
        onDeleted={() => void navigate('/tournament')}
        entrantSources={<TournamentRegistrationPicker tournament={tournament.data} />}
      />
    </Stack>
  );
}
