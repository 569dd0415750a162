import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Spec §2 (form/build/{id}): leaving with unsaved changes asks first. In-app links are held by
 * the router's blocker (the page shows the question); closing or reloading the tab by the
 * browser's own beforeunload prompt.
 */
export function useLeaveGuard(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
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
