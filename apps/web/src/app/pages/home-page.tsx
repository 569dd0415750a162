import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { AccountCard } from '../../features/accounts/components/account-card.tsx';
import { PlayerSummaryCard } from '../../features/home/components/player-summary-card.tsx';

/**
 * The signed-in dashboard (spec §2, Home). The spec's quick links (communities, forms,
 * player card, discover, connect, invoices) appear here as their pages arrive; a link
 * to a page that does not exist yet is never shown.
 */
export function Component() {
  const user = useSession().data?.user;
  if (!user) return null;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          Welcome, {user.displayName}
        </Title>
        <Text c="dimmed">Here is your Huddle at a glance.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PlayerSummaryCard user={user} />
        <AccountCard user={user} />
      </SimpleGrid>
    </Stack>
  );
}
