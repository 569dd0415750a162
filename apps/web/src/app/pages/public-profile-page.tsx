import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { ProfileBadges } from '../../features/badges/components/profile-badges.tsx';
import { usePublicProfile } from '../../features/profiles/api/get-public-profile.ts';
import { ConnectButton } from '../../features/connections/components/connect-button.tsx';
import { OpenConversationButton } from '../../features/messages/components/open-conversation-button.tsx';
import { PublicProfile } from '../../features/profiles/components/public-profile.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';

/** A player's public profile: open to everyone; a signed-in viewer can also connect, message, block or unblock. */
export function Component() {
  const { userId = '' } = useParams();
  const viewerId = useSession().data?.user?.id ?? null;
  // The same cached read the profile shows: the title names the player, or says there is none.
  const profile = usePublicProfile(userId);
  const missing = profile.error instanceof ApiError && (profile.error.status === 404 || profile.error.status === 400);
  usePageName(missing ? notFoundPageName : profile.data?.displayName);
  return (
    <Stack gap="lg" maw={800}>
      <PublicProfile
        key={userId}
        userId={userId}
        viewerId={viewerId}
        messageAction={
          <>
            <ConnectButton userId={userId} name={profile.data?.displayName ?? ''} />
            <OpenConversationButton target={{ userId }} label="Message" />
          </>
        }
        sections={<ProfileBadges badges={profile.data?.badges} />}
      />
    </Stack>
  );
}
