import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { LatLng } from '../map-view.ts';
import { LazyHuddleMap } from './lazy-huddle-map.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

export interface LocationPickerProps {
  /** The spot set so far (an address picked, a click, a drag), or null. */
  point: LatLng | null;
  /** Where the map moves to: the last address picked. */
  focus: LatLng | null;
  onPick: (point: LatLng) => void;
  /** Where the map opens before a spot is set (the player's city, or the place itself). */
  start: { center: LatLng; zoom: number };
  error?: string | null;
  height?: number;
}

/**
 * Where a place is, set by clicking the map or dragging its marker (places/new and a new
 * place in the event form): nobody types a latitude and longitude.
 */
export function LocationPicker({ point, focus, onPick, start, error, height = 300 }: LocationPickerProps) {
  const labelId = useId();
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={500} id={labelId}>
        Location
      </Text>
      <Text size="xs" c="dimmed">
        {point
          ? `Set at ${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}. Click the map or drag the marker to move it.`
          : 'Click the map where the place is.'}
      </Text>
      <LazyHuddleMap
        label="Map: click where the place is"
        center={start.center}
        zoom={start.zoom}
        height={height}
        markers={[]}
        picked={point}
        focus={focus}
        onPick={onPick}
      />
      {error ? <ErrorText>{error}</ErrorText> : null}
    </Stack>
  );
}
