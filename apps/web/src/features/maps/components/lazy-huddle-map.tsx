import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import type { HuddleMapProps } from './huddle-map.tsx';

// Leaflet and its CSS download only with the first page that shows a map.
const HuddleMap = lazy(() => import('./huddle-map.tsx').then((module) => ({ default: module.HuddleMap })));

/**
 * The map, with a placeholder of its size until it is on the screen and while its code
 * downloads: a map below the fold (an event's place on a phone) starts as it is scrolled to, not
 * in the middle of the page's start.
 */
export function LazyHuddleMap(props: HuddleMapProps) {
  const [placeholderRef, near] = useNearViewport<HTMLDivElement>();
  const placeholder = (
    <Skeleton ref={placeholderRef} height={props.height} radius="lg" role="status" aria-label="Loading the map" />
  );
  // Leaflet runs in the browser only: a server-rendered page (decision 075) shows the placeholder
  // until it has hydrated.
  if (!useHydrated() || !near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <HuddleMap {...props} />
    </Suspense>
  );
}
