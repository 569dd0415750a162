import { useInViewport } from '@mantine/hooks';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { homeBlockState, type HomeBlockState } from './home-block-state.ts';

export interface HomeBlockQuery<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T[]>;
  /** False when the block has nothing to ask for (no city for the nearby blocks). */
  enabled: boolean;
}

export interface HomeBlock<T> {
  /** Put on the block's outer element: loading starts when it enters the viewport. */
  ref: (element: HTMLElement | null) => void;
  state: HomeBlockState<T>;
  /** Asks again after a failed load (the block's "Try again"). */
  retry: () => void;
  /** A load (the first or a retry) is under way. */
  fetching: boolean;
}

/**
 * One home block (spec §2, §4): loads only once it has entered the viewport, then keeps
 * its data; its state follows homeBlockState (pending, loading, success, error).
 */
export function useHomeBlock<T>({ queryKey, queryFn, enabled }: HomeBlockQuery<T>): HomeBlock<T> {
  const { ref, inViewport } = useInViewport<HTMLElement>();
  const [reached, setReached] = useState(false);
  // Once seen, always loaded: scrolling past and back does not reset the block.
  if (inViewport && !reached) setReached(true);
  const query = useQuery({ queryKey, queryFn, enabled: enabled && reached });
  const { refetch } = query;
  // The answer renders in a background (time-sliced) render: a block's list rendered at once is
  // a long task on a phone (issue 11, decision 021).
  const status = useDeferredValue(query.status);
  const items = useDeferredValue(query.data);
  return {
    ref,
    state: homeBlockState({ reached, enabled, query: { status, items } }),
    retry: useCallback(() => void refetch(), [refetch]),
    fetching: query.isFetching,
  };
}
