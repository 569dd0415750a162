import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTeamTournaments } from '../api/list-tournaments.ts';
import { TournamentList } from './tournament-list.tsx';

/** The team page's tournaments: each opens its bracket; organizers start a new one. */
export function TeamTournamentsCard({ teamId, manages }: { teamId: string; manages: boolean }) {
  const tournaments = useTeamTournaments(teamId);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Tournaments
        </Title>
        {tournaments.isPending ? (
          <Skeleton h={60} radius="md" />
        ) : tournaments.isError ? (
          <Text>The tournaments could not be loaded.</Text>
        ) : (
          <TournamentList tournaments={tournaments.data.tournaments} empty="No tournaments yet." />
        )}
        {manages ? (
          <Button component={Link} to="/create/tournament" variant="light" style={{ alignSelf: 'flex-start' }}>
            Create a tournament
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
