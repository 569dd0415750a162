import { useResizeObserver } from '@mantine/hooks';
import { useCallback, useState, type RefObject } from 'react';

/** Closer than this to an edge counts as at the edge (sub-pixel widths). */
const edgeSlackPx = 2;

export interface ScrollEdges {
  /** The content is wider than the scroller. */
  overflows: boolean;
  /** Content is out of sight before the start / after the end. */
  start: boolean;
  end: boolean;
}

/**
 * Where a sideways scroller stands, for the hints that say more is out of sight (the admin tables,
 * the settings tab strip at 375 px). `scroller` is the scrolling element's ref; put `frame` on a wrapper
 * whose width follows the screen, and call `measure` from the scroller's onScroll and from an
 * effect that depends on `frameWidth` and whatever changes the content. It sets state only when an
 * edge changes, so scrolling does not re-render on every frame.
 */
export function useScrollEdges(scroller: RefObject<HTMLElement | null>) {
  const [frame, frameRect] = useResizeObserver<HTMLDivElement>();
  const [edges, setEdges] = useState<ScrollEdges>({ overflows: false, start: false, end: false });

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const overflows = element.scrollWidth > element.clientWidth + edgeSlackPx;
    const start = element.scrollLeft > edgeSlackPx;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - edgeSlackPx;
    setEdges((current) =>
      current.overflows === overflows && current.start === start && current.end === end
        ? current
        : { overflows, start, end },
    );
  }, [scroller]);

  return { frame, frameWidth: frameRect.width, edges, measure };
}
