import { onboardingPath } from '@huddle/shared/onboarding';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDismissOnboarding, useOnboarding } from '../api/onboarding-progress.ts';

/**
 * Offered once, after first-time setup (issue 16): a start that is never forced. Gone after
 * "Not now", or once the guide has been started; it stays open from the home tasks.
 */
export function OnboardingOffer() {
  const progress = useOnboarding();
  const dismiss = useDismissOnboarding();
  if (!progress.data || progress.data.dismissed || Object.keys(progress.data.steps).length > 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="onboarding-offer-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="onboarding-offer-title">
          New here? Take the guided start
        </Title>
        <Text size="sm">
          Five short steps: your sports, your city, when you play, your notifications and a first game near you. Skip
          any step and come back to it later.
        </Text>
        <Group gap="xs">
          <Button component={Link} to={onboardingPath}>
            Start the guided start
          </Button>
          <Button variant="default" onClick={() => dismiss.mutate()} loading={dismiss.isPending}>
            Not now
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
