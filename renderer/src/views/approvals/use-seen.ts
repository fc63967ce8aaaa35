// "Shown" made observable: a part of the diff counts as shown once its end
// has been on screen — the user scrolled through it (or it is short enough to
// fit). Re-approval waits for every changed part; the element says so too
// (data-file-shown), so a test reads what the user sees.
import { useEffect, useLayoutEffect, useRef } from 'react';

/** Calls `onSeen` once, the first time the element is on screen (inside every scrolling ancestor); `active` false stops watching. */
export function useSeen<E extends Element>(onSeen: () => void, active: boolean) {
  const ref = useRef<E>(null);
  const seen = useRef(onSeen);
  useLayoutEffect(() => {
    seen.current = onSeen;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    // The root is the viewport; the observer clips by every scrolling ancestor, so a card scrolled out of the tab is not seen.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        seen.current();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}
