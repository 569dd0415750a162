import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true in a second, background (time-sliced) render
 * started once the first has been committed. A page puts what lies below the first screen
 * behind it: the first render, its commit and the browser's layout of it are then two
 * smaller tasks instead of one long one on a phone's main thread (issue 11, Total Blocking
 * Time). Only for what is appended after everything rendered at once, so nothing moves.
 */
export function useRenderedLater(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    startTransition(() => setLater(true));
  }, []);
  return later;
}
