import { Stack, Title } from '@mantine/core';
import { PlayerDirectory } from '../../features/players/components/player-directory.tsx';

/** user-list (spec §2): a searchable player directory that respects privacy and blocklists. */
export function Component() {
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>Players</Title>
      <PlayerDirectory />
    </Stack>
  );
}
