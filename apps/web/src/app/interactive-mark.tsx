import { useEffect } from 'react';
import { setHydratingServerMarkup } from '../lib/use-hydrated.ts';

/** The User Timing mark bench:web reads: the app's first commit (hydrated, or rendered) is done. */
export const interactiveMarkName = 'huddle:interactive';

/**
 * The same moment on the document (`<html data-interactive>`): for what cannot rely on User
 * Timing, such as a journey whose fake clock (page.clock) stubs the performance timeline.
 */
export const interactiveAttribute = 'data-interactive';

let settleInteractive = () => {};
/** Settles once the first commit is done: taps kept before it are replayed then (early-use-replay.ts). */
export const interactive = new Promise<void>((resolve) => {
  settleInteractive = resolve;
});

/** The first commit is done: the User Timing mark, the document's attribute, the promise. */
export function markInteractive(): void {
  if (performance.getEntriesByName(interactiveMarkName).length === 0) performance.mark(interactiveMarkName);
  document.documentElement.setAttribute(interactiveAttribute, '');
  setHydratingServerMarkup(false);
  settleInteractive();
}

/**
 * Marks the moment the first page became interactive, for bench:web's "JavaScript needed before an
 * event page is interactive" (issue 33): the scripts fetched before the mark. A root effect runs
 * after the whole first commit, hydration included.
 */
export function InteractiveMark() {
  useEffect(() => markInteractive(), []);
  return null;
}
