import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { HuddleMapProps } from './huddle-map.tsx';

// Leaflet and its CSS download only with the first page that shows a map.
const HuddleMap = lazy(() => import('./huddle-map.tsx').then((module) => ({ default: module.HuddleMap })));

/** The map, with a placeholder of its size while its code downloads. */
export function LazyHuddleMap(props: HuddleMapProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height} radius="lg" role="status" aria-label="Loading the map" />}>
      <HuddleMap {...props} />
    </Suspense>
  );
}
