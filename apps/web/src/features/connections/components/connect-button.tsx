import { Group, Skeleton } from '@mantine/core';
import { useConnectionStatus } from '../api/get-connection-status.ts';
import { ConnectionActions } from './connection-actions.tsx';

/** Connect / Requested / Connected on a public profile, for a signed-in viewer who is not the player. */
export function ConnectButton({ userId, name }: { userId: string; name: string }) {
  const status = useConnectionStatus(userId, true);
  if (status.isPending) return <Skeleton h={36} w={110} radius="sm" />;
  if (status.isError) return null;
  return (
    <Group gap="xs" wrap="wrap">
      <ConnectionActions userId={userId} name={name} status={status.data} size="sm" />
    </Group>
  );
}
