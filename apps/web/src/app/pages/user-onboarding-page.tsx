import type { OnboardingStep } from '@huddle/shared/onboarding';
import { quizPaths } from '@huddle/shared/quizzes';
import type { CurrentUser } from '@huddle/shared/users';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { discoverEvents } from '../../features/discovery/api/discover-events.ts';
import { EventSummaryList } from '../../features/discovery/components/event-summary-list.tsx';
import { useOnboarding } from '../../features/onboarding/api/onboarding-progress.ts';
import { OnboardingGuide, type OnboardingStepContent } from '../../features/onboarding/components/onboarding-guide.tsx';
import { ChangeCityButton } from '../../features/profiles/components/change-city-button.tsx';
import { GamesForm } from '../../features/profiles/components/games-form.tsx';
import { AvailabilityEditor } from '../../features/settings/components/availability-editor.tsx';
import { NotificationSettingsForm } from '../../features/settings/components/notification-settings-form.tsx';
import { homePath } from '../signed-in-landing.ts';
import { useSessionUser } from './session-user.ts';

/** The first game: the soonest games nearest the player's city, in their sports first. */
function FirstGameStep({ user }: { user: CurrentUser }) {
  const city = user.defaultCity;
  const games = useQuery({
    queryKey: ['events', 'onboarding-first-game', city, user.games[0] ?? null],
    enabled: Boolean(city),
    queryFn: async () => {
      const near = { lat: city!.lat, lng: city!.lng, sort: 'nearest' as const, maxDistanceKm: 80 };
      const sport = user.games[0];
      const inSport = sport ? (await discoverEvents({ ...near, gameType: sport }, undefined)).events : [];
      if (inSport.length > 0) return inSport.slice(0, 5);
      return (await discoverEvents(near, undefined)).events.slice(0, 5);
    },
  });
  if (!city) return <Text>Set your city in the city step to see the games near you.</Text>;
  if (games.isPending) return <Skeleton h={160} radius="md" />;
  if (games.isError) return <Text>The games near you could not be loaded.</Text>;
  if (games.data.length === 0) {
    return (
      <Text>
        No upcoming games near {city.name} yet.{' '}
        <Anchor component={Link} to="/discover/events" fw={600} c="inherit" underline="always">
          Look further on Discover
        </Anchor>
        .
      </Text>
    );
  }
  return <EventSummaryList events={games.data} label={`Games near ${city.name}`} />;
}

/**
 * user-onboarding (spec §2, signed in; issue 16): a short guided start that can be skipped and
 * resumed. Every step saves through the same form as Settings, so the home tasks go as the
 * steps are done; the progress itself is kept on the server.
 */
export function Component() {
  const { user, setUser } = useSessionUser();
  const progress = useOnboarding();
  if (!user) return null;
  // A step's changes count as saved only once the server took them (the guide is told then).
  const savedThen = (saved: () => void) => (next: CurrentUser) => {
    setUser(next);
    saved();
  };

  const content: Record<OnboardingStep, OnboardingStepContent> = {
    sports: {
      description: 'Pick the sports you play, so Huddle shows you their games and players.',
      body: (saved) => <GamesForm user={user} onSaved={savedThen(saved)} />,
    },
    city: {
      description: 'Games and players are listed nearest to your city first.',
      body: (saved) => (
        <Group gap="sm">
          <Text>{user.defaultCity ? `Your city: ${user.defaultCity.name}` : 'No city set yet.'}</Text>
          <ChangeCityButton user={user} onSaved={savedThen(saved)} variant={user.defaultCity ? 'default' : 'filled'} />
        </Group>
      ),
    },
    availability: {
      description: 'When you can usually play, so organizers and teammates know when to ask you.',
      body: (saved) => <AvailabilityEditor onSaved={saved} />,
    },
    notifications: {
      description: 'Choose what Huddle tells you about, by email and by push.',
      body: (saved) => <NotificationSettingsForm user={user} onSaved={savedThen(saved)} />,
    },
    'first-game': {
      description: 'Open a game to see the details and join it.',
      body: () => <FirstGameStep user={user} />,
    },
  };

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Get started with Huddle</Title>
        <Text c="dimmed">Five short steps. Skip any of them, leave, and pick up here where you left off.</Text>
      </Stack>
      {progress.isPending ? (
        <Skeleton h={320} radius="lg" />
      ) : progress.isError ? (
        <Text>Your progress could not be loaded. Reload the page to try again.</Text>
      ) : (
        <OnboardingGuide
          progress={progress.data}
          content={content}
          finish={
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="onboarding-done-title">
              <Stack gap="sm">
                <Title order={2} size="h3" id="onboarding-done-title">
                  You are all set
                </Title>
                <Text>
                  Pick any step above to change it.{' '}
                  <Anchor component={Link} to={quizPaths.list} fw={600} c="inherit" underline="always">
                    Take a skill quiz
                  </Anchor>{' '}
                  to find games at your level.
                </Text>
                <Group>
                  <Button component={Link} to={homePath}>
                    Go to Home
                  </Button>
                  <Button component={Link} to="/discover/events" variant="default">
                    Discover games
                  </Button>
                </Group>
              </Stack>
            </Card>
          }
        />
      )}
    </Stack>
  );
}
