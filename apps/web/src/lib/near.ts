/** How near "near" is for what is drawn or hydrated late (issue 41): within a screen of view. */
export const NEAR_MARGIN = '100% 0px';

/** Calls `onNear` once, when `element` comes near the screen; returns what stops watching it. */
export function whenNear(element: Element, onNear: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: NEAR_MARGIN },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
