import { useEffect } from 'react';

/**
 * Runs `run` once the app has taken the page over (an effect runs after the first commit). The
 * server renders it too, where it draws nothing: a sibling of the routes only the browser
 * rendered would give every `useId` under them another id than the server drew (decision 081).
 */
export function AfterTakeover({ run }: { run?: () => void }) {
  useEffect(() => run?.(), [run]);
  return null;
}
