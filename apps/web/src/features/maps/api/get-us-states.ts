import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The unprojected (longitude/latitude) atlas, served as a hashed static file beside the app.
import statesUrl from 'us-atlas/states-10m.json?url';

async function getUsStates(): Promise<FeatureCollection> {
  const response = await fetch(statesUrl);
  if (!response.ok) throw new Error(`The map outline could not be loaded (${response.status}).`);
  const topology = (await response.json()) as Topology<{ states: GeometryCollection }>;
  return feature(topology, topology.objects.states);
}

/** The US state outlines, the offline map's background: one download per visit. */
export function useUsStates() {
  return useQuery(
    queryOptions({ queryKey: ['map', 'us-states'], queryFn: getUsStates, staleTime: Infinity, gcTime: Infinity }),
  );
}
