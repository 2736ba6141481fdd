import { useSyncExternalStore } from 'react';

const WIDE = '(min-width: 48rem)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the screen is wider than a phone (Tailwind's `md`): for parts drawn differently there,
 * not only styled (a menu or a picker folded into one line on a phone). Wide when rendered
 * without a window (prerendering), as the desktop layout is the one prerendered.
 */
export const useWide = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
