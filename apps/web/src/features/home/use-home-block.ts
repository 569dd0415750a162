import { useInViewport } from '@mantine/hooks';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
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
  return { ref, state: homeBlockState({ reached, enabled, query: { status: query.status, items: query.data } }) };
}
