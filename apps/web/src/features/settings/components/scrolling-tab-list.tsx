import { Tabs } from '@mantine/core';
import { useResizeObserver } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './scrolling-tab-list.module.css';

interface ScrollingTabListProps {
  label: string;
  /** The selected tab's value: it is scrolled into view whenever it changes. */
  active: string;
  children: ReactNode;
}

/** Closer than this to an edge counts as at the edge (sub-pixel widths). */
const edgeSlackPx = 2;

/**
 * A horizontal tab strip for phones: it scrolls sideways, and an edge with more tabs
 * beyond it fades out under a chevron, so the tabs out of sight are not a secret. The
 * chosen tab is scrolled to the middle, clear of the fades. The chevrons are a pointer
 * shortcut (arrow keys already move along a tab list), so they stay out of the Tab order.
 */
export function ScrollingTabList({ label, active, children }: ScrollingTabListProps) {
  const list = useRef<HTMLDivElement>(null);
  const [frame, frameRect] = useResizeObserver<HTMLDivElement>();
  const [edges, setEdges] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const start = element.scrollLeft > edgeSlackPx;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - edgeSlackPx;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  useEffect(() => {
    const element = list.current;
    const selected = element?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (element && selected) {
      element.scrollLeft = selected.offsetLeft - (element.clientWidth - selected.offsetWidth) / 2;
    }
    measure();
  }, [active, frameRect.width, measure]);

  const scrollBy = (direction: 1 | -1) => {
    const element = list.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth * 0.6, behavior: 'smooth' });
  };

  return (
    <div ref={frame} className={classes.frame}>
      <Tabs.List ref={list} aria-label={label} className={classes.list} onScroll={measure}>
        {children}
      </Tabs.List>
      {edges.start ? (
        <button
          type="button"
          className={`${classes.edge} ${classes.start}`}
          aria-hidden
          tabIndex={-1}
          data-testid="tabs-more-start"
          onClick={() => scrollBy(-1)}
        >
          <IconChevronLeft size={20} />
        </button>
      ) : null}
      {edges.end ? (
        <button
          type="button"
          className={`${classes.edge} ${classes.end}`}
          aria-hidden
          tabIndex={-1}
          data-testid="tabs-more-end"
          onClick={() => scrollBy(1)}
        >
          <IconChevronRight size={20} />
        </button>
      ) : null}
    </div>
  );
}
