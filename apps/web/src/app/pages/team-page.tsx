import { teamKindLabels, type TeamDetail } from '@huddle/shared/teams';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { myRegistrationsQueryOptions } from '../../features/home/api/get-my-registrations.ts';
import { TeamEventsCard } from '../../features/events/components/team-events-card.tsx';
import { useGameTypes } from '../../features/profiles/api/list-game-types.ts';
import { useCancelledCheckoutReturn } from '../../features/paid-games/components/cancelled-checkout.ts';
import { useTeam } from '../../features/teams/api/get-team.ts';
import { teamKeys } from '../../features/teams/api/team-query-keys.ts';
import { OpenConversationButton } from '../../features/messages/components/open-conversation-button.tsx';
import { TeamDetailsEditor } from '../../features/teams/components/team-details-editor.tsx';
import { TeamOverview } from '../../features/teams/components/team-overview.tsx';
import { TeamRoster } from '../../features/teams/components/team-roster.tsx';
import { TeamSeasonsCard } from '../../features/teams/components/team-seasons-card.tsx';
import { usePublicConfig } from '../../features/settings/api/get-public-config.ts';
import { TeamTournamentsCard } from '../../features/tournaments/components/team-tournaments-card.tsx';
import { TeamTimePollsCard } from '../../features/time-polls/components/team-time-polls-card.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { usePageName } from '../use-page-name.ts';

/*
 * What only the team's organizers see (join requests, invitations, the plan, deleting the team) and
 * the city picker of "Edit details" load lazily (decision 082's addendum "The team page"): a visitor's
 * page, shared in a group chat, hydrates without their selects, dialogs and plan cards.
 */
const InvitationsCard = lazy(() =>
  import('../../features/teams/components/invitations-card.tsx').then((module) => ({
    default: module.InvitationsCard,
  })),
);
const JoinRequestsCard = lazy(() =>
  import('../../features/teams/components/join-requests-card.tsx').then((module) => ({
    default: module.JoinRequestsCard,
  })),
);
const TeamDangerZone = lazy(() =>
  import('../../features/teams/components/team-danger-zone.tsx').then((module) => ({ default: module.TeamDangerZone })),
);
const TeamSubscriptionCard = lazy(() =>
  import('../../features/subscriptions/components/team-subscription-card.tsx').then((module) => ({
    default: module.TeamSubscriptionCard,
  })),
);
const TeamCityPicker = lazy(() =>
  import('./team-city-picker.tsx').then((module) => ({ default: module.TeamCityPicker })),
);

/**
 * An organizer's card, rendered once the page has hydrated: the server's markup and the hydrating
 * tree leave it out alike, so its lazy code never suspends hydration (decision 082, choice 4: a
 * suspended boundary in the server's render broke hydration). Its data is asked for after
 * hydration anyway (server-pages/team-page-data.ts), so it showed "Loading…" until then before.
 */
function OrganizerCard({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * "Edit details" for the team's organizers, with the game types it offers: read only for them, as a
 * visitor's page re-rendered whole when the list arrived after hydration (issue 33).
 */
function ManagerDetailsEditor({ team }: { team: TeamDetail }) {
  const gameTypes = useGameTypes();
  return (
    <TeamDetailsEditor
      team={team}
      gameTypes={gameTypes.data ?? []}
      renderCityPicker={(props) => (
        <Suspense fallback={null}>
          <TeamCityPicker {...props} initialText={team.city ?? ''} />
        </Suspense>
      )}
    />
  );
}

/**
 * The team's plan, for its organizers where subscriptions are on. The public config is read here,
 * not by the page: the app reads it once the page has loaded (main.tsx), and every page that
 * watched it rendered again then (issue 33).
 */
function TeamPlanCard({ teamId }: { teamId: string }) {
  const config = usePublicConfig().data;
  if (!config?.flags.subscriptions) return null;
  return (
    <OrganizerCard>
      <TeamSubscriptionCard teamId={teamId} platform={config.platform} />
    </OrganizerCard>
  );
}

/**
 * team/{id} (spec §2, public). A failed lookup (no such team, or private to the viewer) goes to
 * team-not-found for a signed-in person; that page is guarded, so a visitor goes to the root
 * instead (spec §8: a failed team lookup redirects to root), which sends them on to sign-up.
 */
export function Component() {
  const { teamId = '' } = useParams();
  const navigate = useNavigate();
  const user = useSession().data?.user;
  const team = useTeam(teamId);
  usePageName(team.data?.name);
  const queryClient = useQueryClient();
  // The viewer's own registrations: a season they are in says so and offers Withdraw.
  const myRegistrations = useQuery({ ...myRegistrationsQueryOptions(), enabled: Boolean(user) });
  // Checkout's Cancel for a season with a fee lands here: the held place is released.
  useCancelledCheckoutReturn(
    useCallback(
      () => void queryClient.invalidateQueries({ queryKey: teamKeys.seasons(teamId) }),
      [queryClient, teamId],
    ),
  );

  const signedIn = Boolean(user);
  useEffect(() => {
    if (team.isError) void navigate(signedIn ? '/team-not-found' : '/', { replace: true });
  }, [team.isError, navigate, signedIn]);

  if (!team.data) return <Text c="dimmed">{team.isError ? '' : 'Loading…'}</Text>;
  const role = team.data.viewer.role;
  const manages = role === 'owner' || role === 'organizer';
  return (
    <Stack gap="lg" maw={1100}>
      <TeamOverview
        team={team.data}
        signedIn={signedIn}
        managerActions={manages ? <ManagerDetailsEditor team={team.data} /> : null}
      />
      {(role || manages) && (
        <Group gap="sm">
          {role && <OpenConversationButton target={{ teamId }} label={`${teamKindLabels[team.data.kind]} chat`} />}
          {/* Issue 34 part 1: organizers rank times by who can come (decision 079). */}
          {manages && (
            <Button component={Link} to={`/teams/${teamId}/find-a-time`} variant="light">
              Find a time
            </Button>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TeamRoster team={team.data} viewerId={user?.id} />
        <TeamSeasonsCard
          teamId={teamId}
          timeZone={team.data.timeZone}
          signedIn={signedIn}
          manages={manages}
          myRegistrations={myRegistrations.data ?? []}
          onMyRegistrationsChanged={() => void queryClient.invalidateQueries(myRegistrationsQueryOptions())}
        />
        <TeamEventsCard teamId={teamId} manages={manages} />
        <TeamTournamentsCard teamId={teamId} manages={manages} />
        {role && <TeamTimePollsCard teamId={teamId} />}
        {manages && team.data.joinPolicy === 'request' && (
          <OrganizerCard>
            <JoinRequestsCard teamId={teamId} />
          </OrganizerCard>
        )}
        {manages && (
          <OrganizerCard>
            <InvitationsCard teamId={teamId} viewerIsOwner={role === 'owner'} />
          </OrganizerCard>
        )}
        {manages && <TeamPlanCard teamId={teamId} />}
        {role === 'owner' && (
          <OrganizerCard>
            <TeamDangerZone
              teamId={teamId}
              teamName={team.data.name}
              kind={team.data.kind}
              onDeleted={() => void navigate('/my-communities')}
            />
          </OrganizerCard>
        )}
      </SimpleGrid>
    </Stack>
  );
}
