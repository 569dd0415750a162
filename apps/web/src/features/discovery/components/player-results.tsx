import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useNearbyPlayers } from '../api/nearby-players.ts';
import { PlayerList } from './player-list.tsx';
import { ResultsEmpty, ResultsError, ResultsLoading } from './results-states.tsx';

interface PlayerResultsProps {
  /** The viewer's city; null when signed out or no city is set. */
  origin: { lat: number; lng: number } | null;
  signedIn: boolean;
  signInPath: string;
  cityPath: string;
}

/** discover/players: players nearest to the viewer's city (spec §7 users by location). */
export function PlayerResults({ origin, signedIn, signInPath, cityPath }: PlayerResultsProps) {
  const players = useNearbyPlayers(signedIn ? origin : null);
  if (!signedIn) {
    return (
      <Text>
        <Anchor component={Link} to={signInPath}>
          Sign in
        </Anchor>{' '}
        to see players near you.
      </Text>
    );
  }
  if (!origin) {
    return (
      <Text>
        <Anchor component={Link} to={cityPath}>
          Set your city
        </Anchor>{' '}
        to see players near you.
      </Text>
    );
  }
  if (players.isPending) return <ResultsLoading label="Loading players" />;
  if (players.isError) {
    return <ResultsError message="The players could not be loaded." onRetry={() => void players.refetch()} />;
  }
  if (players.data.players.length === 0) return <ResultsEmpty>No players near you yet.</ResultsEmpty>;
  return <PlayerList players={players.data.players} label="Players near you" />;
}
