import { useSession } from '../../features/accounts/api/get-session.ts';
import { usePublicConfig } from '../../features/settings/api/get-public-config.ts';
import { PricingView } from '../../features/subscriptions/components/pricing-view.tsx';
import { useMyTeams } from '../../features/teams/api/list-my-teams.ts';
import { usePageName } from '../use-page-name.ts';
import { Component as NotFoundPage } from './not-found-page.tsx';

/** community/pricing (spec §2): hidden, as if it did not exist, while the subscriptions flag is off (spec §1). */
export function Component() {
  usePageName('Pricing');
  const config = usePublicConfig();
  const user = useSession().data?.user;
  const myTeams = useMyTeams();
  if (!config.data) return null;
  if (!config.data.flags.subscriptions) return <NotFoundPage />;
  const owned = user
    ? (myTeams.data?.teams ?? []).filter((team) => team.role === 'owner').map(({ id, name }) => ({ id, name }))
    : [];
  return <PricingView signedIn={Boolean(user)} userId={user?.id} ownedTeams={owned} />;
}
