import { Alert, Button, Center, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconUserCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useBlockUser, useUnblockUser } from '../api/blocked-users.ts';
import { usePublicProfile } from '../api/get-public-profile.ts';
import { PlayerActivity } from './player-activity.tsx';
import { PlayerProfileCard } from './player-profile-card.tsx';

interface PublicProfileProps {
  userId: string;
  /** The signed-in viewer's id, or null when signed out (no block button then). */
  viewerId: string | null;
  /** The page's "Connect" and "Message" buttons (the connections and messages slices), beside Block for a signed-in viewer. */
  messageAction?: ReactNode;
  /** Sections other slices add above the player's activity (the badges). */
  sections?: ReactNode;
}

function BlockButton({ userId, blocked, name }: { userId: string; blocked: boolean; name: string }) {
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const failure = block.error ?? unblock.error;
  return (
    <Stack gap={4} align="flex-end">
      {blocked ? (
        <Button
          variant="default"
          leftSection={<IconUserCheck size={18} aria-hidden />}
          loading={unblock.isPending}
          onClick={() => unblock.mutate(userId)}
        >
          Unblock
        </Button>
      ) : (
        <Button
          variant="light"
          color="red"
          leftSection={<IconBan size={18} aria-hidden />}
          loading={block.isPending}
          onClick={() => block.mutate(userId)}
          title={`Block ${name}: they cannot message you and see only your name and photo`}
        >
          Block
        </Button>
      )}
      {failure ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {failure.message}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Another player's public profile (spec §2, profile): what they allow anyone to see. */
export function PublicProfile({ userId, viewerId, messageAction, sections }: PublicProfileProps) {
  const profile = usePublicProfile(userId);

  if (profile.isPending) return <Skeleton h={280} radius="lg" />;
  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return notFound ? (
      <Center py="xl">
        <Stack align="center" gap="xs" ta="center" maw={420}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            We couldn&apos;t find this player
          </Title>
          <Text c="dimmed">The link may be mistyped, or the player has deleted their account.</Text>
        </Stack>
      </Center>
    ) : (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Player profile
        </Title>
        <Alert color="red" variant="light" title="We could not load this profile">
          {profile.error.message}
        </Alert>
        <div>
          <Button variant="default" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      </Stack>
    );
  }

  const player = profile.data;
  const canBlock = viewerId !== null && viewerId !== player.id;
  return (
    <PlayerProfileCard
      player={player}
      actions={
        canBlock ? (
          <>
            {!player.blockedByViewer && messageAction}
            <BlockButton userId={player.id} blocked={player.blockedByViewer} name={player.displayName} />
          </>
        ) : null
      }
    >
      {sections}
      <PlayerActivity player={player} isOwn={viewerId === player.id} />
    </PlayerProfileCard>
  );
}
