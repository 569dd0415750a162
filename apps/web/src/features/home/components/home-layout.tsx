import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './home-layout.module.css';

/** The dashboard's blocks: one column up to 1200px wide, two above (spec §2). */
export function HomeGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>;
}

/** What a block shows while its data loads (spec §2, skeleton loader: 224px below 1201px wide, else 383px). */
export function HomeBlockSkeleton({ label }: { label: string }) {
  return <Skeleton className={classes.blockSkeleton} radius="lg" role="status" aria-label={label} />;
}

/** The class names a home block uses to keep its skeleton's height once loaded. */
export const homeBlockClasses = { block: classes.block, card: classes.blockCard, body: classes.blockBody };
