import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { HuddleMapProps } from './huddle-map.tsx';

// Leaflet and its CSS download only with the first page that shows a map.
const HuddleMap = lazy(() => import('./huddle-map.tsx').then((module) => ({ default: module.HuddleMap })));

/** The map, with a placeholder of its size while its code downloads. */
export function LazyHuddleMap(props: HuddleMapProps) {
  const placeholder = <Skeleton height={props.height} radius="lg" role="status" aria-label="Loading the map" />;
  // Leaflet runs in the browser only: a server-rendered page (decision 075) shows the placeholder
  // until it has hydrated.
  if (!useHydrated()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <HuddleMap {...props} />
    </Suspense>
  );
}
