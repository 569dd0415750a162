import { useCallback, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the screen, and from then on: for what is
 * costly to start and not needed until seen (a map below the fold: Leaflet takes a phone's main
 * thread for ~130 ms, issue 33). True at once where the browser has no IntersectionObserver.
 *
 * On the screen itself by default, no margin ahead: with 200 px ahead, an event page's map on a
 * phone (its top ~980-1020 px down a 823 px screen) started or not by how the page's lines settled
 * after hydration, half of Lighthouse's runs with Leaflet in the page's first seconds and half
 * without (decision 084's addendum of stop 46). A person who has not scrolled has not seen it.
 */
export function useNearViewport<T extends Element>(margin = '0px'): [ref: (element: T | null) => void, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.current?.disconnect();
          setNear(true);
        },
        { rootMargin: `${margin} 0px` },
      );
      observer.current.observe(element);
    },
    [margin],
  );
  return [ref, near];
}
