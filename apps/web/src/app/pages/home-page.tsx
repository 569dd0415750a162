import { Stack, Text, Title } from '@mantine/core';
import { useSession, useSetSessionUser } from '../../features/accounts/api/get-session.ts';
import { AccountCard } from '../../features/accounts/components/account-card.tsx';
import { VerifyEmailBanner } from '../../features/accounts/components/verify-email-banner.tsx';
import { HomeGrid } from '../../features/home/components/home-layout.tsx';
import { IncompleteTasksCard } from '../../features/home/components/incomplete-tasks-card.tsx';
import { PlayerSummaryCard } from '../../features/home/components/player-summary-card.tsx';
import { QuickLinksCard } from '../../features/home/components/quick-links-card.tsx';

/**
 * The signed-in dashboard (spec §2, Home). The spec's quick links (communities, forms,
 * player card, discover, connect, invoices) appear here as their pages arrive; a link
 * to a page that does not exist yet is never shown.
 */
export function Component() {
  const user = useSession().data?.user;
  const setSessionUser = useSetSessionUser();
  if (!user) return null;
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          Welcome, {user.displayName}
        </Title>
        <Text c="dimmed">Here is your Huddle at a glance.</Text>
      </Stack>
      {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
      <HomeGrid>
        <PlayerSummaryCard user={user} />
        <QuickLinksCard user={user} />
        <IncompleteTasksCard user={user} onFeedbackSent={setSessionUser} />
        <AccountCard user={user} />
      </HomeGrid>
    </Stack>
  );
}
