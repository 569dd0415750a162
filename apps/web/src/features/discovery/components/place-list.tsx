import type { Place } from '@huddle/shared/places';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

export function placePath(placeId: string): string {
  return `/places/view/${encodeURIComponent(placeId)}`;
}

/** Places with their address; each name goes to the place page. */
export function PlaceList({ places, label }: { places: Place[]; label: string }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {places.map((place) => (
        <Stack
          component="li"
          key={place.id}
          gap={2}
          py="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Anchor component={Link} to={placePath(place.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {place.name}
          </Anchor>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {place.address}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
