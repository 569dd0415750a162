import { connectionKeys } from '../../features/connections/api/connection-query-keys.ts';
import { publicProfileQueryOptions } from '../../features/profiles/api/get-public-profile.ts';
import type { ContentPageData } from './content-page-data.ts';

/**
 * profile/{id} (pages/public-profile-page.tsx): the player as they allow this viewer to see them,
 * and, for someone else signed in, what they have with the player (the Connect button). No such
 * player leaves the page to the browser ("We couldn't find this player").
 */
export const profilePageData: ContentPageData = async ({ params, client, sources }) => {
  const userId = params.userId ?? '';
  const viewerId = sources.session.user?.id;
  // Only a signed-in viewer who is not the player sees the button (public-profile.tsx).
  const asksConnection = viewerId !== undefined && viewerId !== userId;
  const [profile, connection] = await Promise.all([
    sources.content.publicProfile(userId),
    asksConnection ? sources.content.connectionStatus(userId) : null,
  ]);
  if (!profile) return false;
  client.setQueryData(publicProfileQueryOptions(userId).queryKey, profile);
  // The button's hook keeps the reply's status alone (get-connection-status.ts).
  if (connection) client.setQueryData(connectionKeys.status(userId), connection.status);
  return true;
};
