import type { Place } from '@huddle/shared/places';
import { ResultsEmpty, ResultsError, ResultsLoading } from './results-states.tsx';
import { PlaceList } from './place-list.tsx';

interface PlaceResultsProps {
  places: Place[];
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
}

/** discover/places: the places inside the map's area. */
export function PlaceResults({ places, status, onRetry }: PlaceResultsProps) {
  if (status === 'pending') return <ResultsLoading label="Loading places" />;
  if (status === 'error') return <ResultsError message="The places could not be loaded." onRetry={onRetry} />;
  if (places.length === 0) return <ResultsEmpty>No places in this area yet. Move the map or add one.</ResultsEmpty>;
  return <PlaceList places={places} label="Places" />;
}
