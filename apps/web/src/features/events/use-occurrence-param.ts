import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The date of a series the page shows, kept in ?occurrence= (an ISO instant) so a link or a
 * reload opens the same date; picking another replaces the history entry.
 */
export function useOccurrenceParam(): [string | null, (startsAt: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setOccurrence = useCallback(
    (startsAt: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('occurrence', startsAt);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [searchParams.get('occurrence'), setOccurrence];
}
