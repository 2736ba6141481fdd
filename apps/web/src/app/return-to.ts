import type { Location } from 'react-router';

/** Where to go after signing in: the page the guard sent the user from, or home. */
export function returnTo(location: Location): string {
  const from = (location.state as { from?: Partial<Location> } | null)?.from;
  const path = from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/';
  // Only ever an in-app path: never an open redirect.
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
