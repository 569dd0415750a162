import { useEffect } from 'react';

/** The User Timing mark bench:web reads: the app's first commit (hydrated, or rendered) is done. */
export const interactiveMarkName = 'huddle:interactive';

/**
 * Marks the moment the first page became interactive, for bench:web's "JavaScript needed before an
 * event page is interactive" (issue 33): the scripts fetched before the mark. A root effect runs
 * after the whole first commit, hydration included; nothing else reads the mark.
 */
export function InteractiveMark() {
  useEffect(() => {
    if (performance.getEntriesByName(interactiveMarkName).length === 0) performance.mark(interactiveMarkName);
  }, []);
  return null;
}
