import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a page the server drew (and in that drawing), true after and in
 * every render the browser draws itself: a button drawn by the server stays disabled until its
 * handler is attached, so a tap before the app took over is not lost (decision 070).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
