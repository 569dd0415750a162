import { Tabs } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useScrollEdges } from '../../../components/ui/use-scroll-edges.ts';
import classes from './scrolling-tab-list.module.css';

interface ScrollingTabListProps {
  label: string;
  /** The selected tab's value: it is scrolled into view whenever it changes. */
  active: string;
  children: ReactNode;
}

/**
 * A horizontal tab strip for phones: it scrolls sideways, and an edge with more tabs
 * beyond it fades out under a chevron, so the tabs out of sight are not a secret. The
 * chosen tab is scrolled to the middle, clear of the fades. The chevrons are a pointer
 * shortcut (arrow keys already move along a tab list), so they stay out of the Tab order.
 */
export function ScrollingTabList({ label, active, children }: ScrollingTabListProps) {
  const list = useRef<HTMLDivElement>(null);
  const { frame, frameWidth, edges, measure } = useScrollEdges(list);

  useEffect(() => {
    const element = list.current;
    const selected = element?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (element && selected) {
      element.scrollLeft = selected.offsetLeft - (element.clientWidth - selected.offsetWidth) / 2;
    }
    measure();
  }, [active, frameWidth, measure]);

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
