import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Spec §2 (form/build/{id}): leaving with unsaved changes asks first. In-app links are held by
 * the router's blocker (the page shows the question); closing or reloading the tab by the
 * browser's own beforeunload prompt. Moving to `ownPath` is not leaving: a new form's builder
 * goes there once its first edit has created it, while later edits may still be unsaved.
 */
export function useLeaveGuard(unsaved: boolean, ownPath: string) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== ownPath,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers read the return value.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return blocker;
}
