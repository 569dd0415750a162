import { Stack } from '@mantine/core';
import { DirectionsLink } from '../../features/maps/components/directions-link.tsx';
import { LazyHuddleMap } from '../../features/maps/components/lazy-huddle-map.tsx';
import { placePaths } from '../../features/places/place-paths.ts';

interface PlaceMapProps {
  place: { id: string; name: string; address: string; lat: number; lng: number };
  height: number;
}

/** One place on a map, its marker linking to the place page, and directions there (place view, event view). */
export function PlaceMap({ place, height }: PlaceMapProps) {
  return (
    <Stack gap="xs">
      <LazyHuddleMap
        label={`Map of ${place.name}`}
        center={{ lat: place.lat, lng: place.lng }}
        zoom={15}
        height={height}
        markers={[
          {
            id: place.id,
            position: { lat: place.lat, lng: place.lng },
            title: place.name,
            links: [{ label: place.name, href: placePaths.view(place.id), detail: place.address }],
          },
        ]}
      />
      <DirectionsLink to={{ lat: place.lat, lng: place.lng }} />
    </Stack>
  );
}
