import { Button, VisuallyHidden } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { directionsUrl, type LatLng } from '../map-view.ts';

/** "Directions" to a place, in Google Maps, in a new tab (the player keeps Huddle open). */
export function DirectionsLink({ to }: { to: LatLng }) {
  return (
    <Button
      component="a"
      href={directionsUrl(to)}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      size="sm"
      leftSection={<IconRoute size={16} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
    >
      Directions
      <VisuallyHidden> (opens Google Maps in a new tab)</VisuallyHidden>
    </Button>
  );
}
