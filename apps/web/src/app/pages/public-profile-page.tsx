import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { PublicProfile } from '../../features/profiles/components/public-profile.tsx';

/** A player's public profile: open to everyone; a signed-in viewer can also block or unblock. */
export function Component() {
  const { userId = '' } = useParams();
  const viewerId = useSession().data?.user?.id ?? null;
  return (
    <Stack gap="lg" maw={800}>
      <PublicProfile key={userId} userId={userId} viewerId={viewerId} />
    </Stack>
  );
}
