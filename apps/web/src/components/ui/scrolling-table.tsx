import { Group, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from './scrolling-table.module.css';
import { useScrollEdges } from './use-scroll-edges.ts';

interface ScrollingTableProps {
  /** Names the scrolling region for screen readers ("Users", "Audit log"). */
  label: string;
  /** Narrower than this, the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A table that scrolls sideways when the screen is narrower than it (a phone at 375 px), and
 * says so: a hint above it ("Scroll sideways for more columns") and a fade at the right edge
 * while columns are out of sight. The region is focusable and labelled, so a keyboard scrolls
 * it with the arrow keys (axe scrollable-region-focusable) and a screen reader names it.
 */
export function ScrollingTable({ label, minWidth, children }: ScrollingTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const { frame, frameWidth, edges, measure } = useScrollEdges(scroller);

  useEffect(measure, [frameWidth, measure, children]);

  return (
    <div ref={frame}>
      {edges.overflows ? (
        <Group gap={4} c="dimmed" mb={4} wrap="nowrap">
          <IconArrowsHorizontal size={16} aria-hidden />
          <Text size="xs" c="dimmed">
            Scroll sideways for more columns
          </Text>
        </Group>
      ) : null}
      <div className={classes.edge} data-more-end={edges.end || undefined}>
        <div
          ref={scroller}
          className={classes.viewport}
          role="region"
          aria-label={label}
          tabIndex={0}
          onScroll={measure}
        >
          <div style={{ minWidth }}>{children}</div>
        </div>
      </div>
    </div>
  );
}
