import { Stack, Text, Title } from '@mantine/core';
import { homeHeading, homeLead } from '@huddle/shared/landing-pages';
import { noRegistrationsMessage } from '@huddle/shared/seasons';
import { showsTransactions } from '@huddle/shared/platforms';
import type { CurrentUser } from '@huddle/shared/users';
import { useSession, useSetSessionUser } from '../../features/accounts/api/get-session.ts';
import { AccountCard } from '../../features/accounts/components/account-card.tsx';
import { EventSummaryList } from '../../features/discovery/components/event-summary-list.tsx';
import { PlayerList } from '../../features/discovery/components/player-list.tsx';
import { ChangeCityButton } from '../../features/profiles/components/change-city-button.tsx';
import { myEventsBlockQuery } from '../../features/home/api/get-my-events.ts';
import { nearbyEventsBlockQuery } from '../../features/home/api/get-nearby-events.ts';
import { nearbyPlayersBlockQuery } from '../../features/home/api/get-nearby-players.ts';
import { registrationsBlockQuery } from '../../features/home/api/get-my-registrations.ts';
import { HomeBlock } from '../../features/home/components/home-block.tsx';
import { VerifyEmailBanner } from '../../features/accounts/components/verify-email-banner.tsx';
import { HomeGrid } from '../../features/home/components/home-layout.tsx';
import { IncompleteTasksCard } from '../../features/home/components/incomplete-tasks-card.tsx';
import { LocationCard } from '../../features/home/components/location-card.tsx';
import { PlayerSummaryCard } from '../../features/home/components/player-summary-card.tsx';
import { PromotionSlot } from '../../features/home/components/promotion-slot.tsx';
import { QuickLinksCard } from '../../features/home/components/quick-links-card.tsx';
import { RegistrationItems } from '../../features/home/components/registrations-list.tsx';
import { usePublicConfig } from '../../features/settings/api/get-public-config.ts';
import { useRenderedLater } from '../../lib/use-rendered-later.ts';

/**
 * Spec §2 home, first screen: upcoming events and the location card (stacked up to 1200px wide).
 * Each block loads when it comes into view, at its skeleton's height.
 */
function TopBlocks({ user, onUserSaved }: { user: CurrentUser; onUserSaved: (user: CurrentUser) => void }) {
  return (
    <HomeGrid>
      <HomeBlock
        title="Upcoming events"
        query={myEventsBlockQuery()}
        empty="No upcoming events yet. Join a game near you from Discover."
        more={{ label: 'Discover', to: '/discover' }}
      >
        {(events) => <EventSummaryList events={events} label="Your upcoming events" />}
      </HomeBlock>
      <LocationCard
        user={user}
        changeCity={
          <ChangeCityButton user={user} onSaved={onUserSaved} variant={user.defaultCity ? 'default' : 'filled'} />
        }
      />
    </HomeGrid>
  );
}

/** Spec §2 home, below the first screen: nearby events, nearby players and registrations. */
function NearbyBlocks({ user }: { user: CurrentUser }) {
  const city = user.defaultCity ? { lat: user.defaultCity.lat, lng: user.defaultCity.lng } : null;
  const noCity = 'Set your city to see who plays near you.';
  return (
    <>
      <HomeBlock
        title="Nearby events"
        query={nearbyEventsBlockQuery(city)}
        empty={city ? 'No upcoming games near you yet.' : noCity}
        more={{ label: 'See all', to: '/discover/events' }}
      >
        {(events) => <EventSummaryList events={events} label="Events near you" />}
      </HomeBlock>
      <HomeBlock
        title="Nearby players"
        query={nearbyPlayersBlockQuery(city)}
        empty={city ? 'No other players near you yet.' : noCity}
        more={{ label: 'See all', to: '/discover/players' }}
      >
        {(players) => <PlayerList players={players} label="Players near you" />}
      </HomeBlock>
      <HomeBlock title="Registrations" query={registrationsBlockQuery()} empty={noRegistrationsMessage}>
        {(items) => <RegistrationItems registrations={items} label="Your registrations" />}
      </HomeBlock>
    </>
  );
}

/** The quick links; the public config's arrival renders this card alone. */
function QuickLinks({ user }: { user: CurrentUser }) {
  const platform = usePublicConfig().data?.platform;
  // Spec §1: the meh variant hides the Transactions button (and until the config is read).
  return <QuickLinksCard user={user} showsTransactions={platform ? showsTransactions(platform) : false} />;
}

/** The community sale banner: the public config's arrival renders this slot alone, at the page's end. */
function SaleBanner() {
  return <PromotionSlot promotion={usePublicConfig().data?.promotion ?? null} />;
}

/**
 * The signed-in dashboard (spec §2, Home). The spec's quick links (communities, forms,
 * player card, discover, connect, invoices) appear here as their pages arrive; a link
 * to a page that does not exist yet is never shown.
 */
export function Component() {
  const user = useSession().data?.user;
  const setSessionUser = useSetSessionUser();
  // What lies below the first screen renders in a second pass, appended after the first (nothing moves).
  const restRendered = useRenderedLater();
  if (!user) return null;
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {homeHeading(user.displayName)}
        </Title>
        <Text c="dimmed">{homeLead}</Text>
      </Stack>
      {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
      <TopBlocks user={user} onUserSaved={setSessionUser} />
      {restRendered ? (
        <>
          <NearbyBlocks user={user} />
          <HomeGrid>
            <PlayerSummaryCard user={user} />
            <QuickLinks user={user} />
            <AccountCard user={user} />
            {/* Last: its skeleton gives way to a card of any height (or none), and nothing below moves. */}
            <IncompleteTasksCard user={user} onFeedbackSent={setSessionUser} />
          </HomeGrid>
          <SaleBanner />
        </>
      ) : null}
    </Stack>
  );
}
