import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { VisitorLocation } from '../visitor-location.ts';

const reasons = {
  denied: 'Your browser is not sharing your location. Pick a city to see the games near it.',
  unavailable: 'We could not find your location. Pick a city to see the games near it.',
  asked: 'Pick a city to see the games near it.',
} as const;

interface VisitorLocationPromptProps {
  location: Exclude<VisitorLocation, { status: 'ready' }>;
  /** The city field (the page composes it from the profiles feature). */
  cityPicker: ReactNode;
  onLocate: () => void;
  /** While picking again: back to the place shown before. */
  onCancel: (() => void) | null;
}

/** Signed-out discover before it knows where the visitor is: find them, or let them pick a city. */
export function VisitorLocationPrompt({ location, cityPicker, onLocate, onCancel }: VisitorLocationPromptProps) {
  if (location.status === 'locating') {
    return (
      <Card withBorder radius="lg" padding="lg" aria-busy>
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text>Finding games near you… your browser may ask to share your location.</Text>
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="visitor-location-title">
      <Stack gap="sm" maw={520}>
        <Title order={2} size="h4" id="visitor-location-title">
          Where do you want to play?
        </Title>
        <Text size="sm" c="dimmed">
          {reasons[location.reason]}
        </Text>
        {cityPicker}
        <Group gap="xs">
          <Button variant="light" leftSection={<IconCurrentLocation size={16} aria-hidden />} onClick={onLocate}>
            Use my location
          </Button>
          {onCancel ? (
            <Button variant="subtle" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
