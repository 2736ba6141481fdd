import { Suspense, use, useId, type ReactNode } from 'react';
import { whenNear } from './near';
import { useHydrated } from './use-hydrated';

/*
 * Lazy hydration of server-drawn content below the fold (issue 41). React hydrates a page the
 * server drew element by element; on `/parts` two thirds of them are the 24 result cards, most
 * of which a phone shows only when scrolled. Each card here is its own Suspense boundary whose
 * content suspends while the app takes the page over, until its drawn element comes within a
 * screen of view: until then it stays the server's HTML (its links work as plain links, its
 * "Add to cart" drawn disabled), and React does not walk it. Rendered by the app itself (a
 * client navigation, new data) it renders at once.
 */

let drawn: Map<string, Element> | null = null;
const nearness = new Map<string, Promise<void>>();
let released = false;
const waiting: (() => void)[] = [];

/**
 * The app's own updates (a navigation, a filter, back) are transitions, and a transition waits
 * for every boundary it reaches that is still the server's: a gate held until scrolled near would
 * hold it for ever. The visitor's first input (or back and forward) releases every gate.
 */
function releaseAll() {
  released = true;
  for (const resolve of waiting.splice(0)) resolve();
}
if (typeof window !== 'undefined')
  for (const type of ['pointerdown', 'keydown', 'popstate'])
    window.addEventListener(type, releaseAll, { capture: true, once: true, passive: true });

/** Settles when the drawn element marked `data-near={id}` comes within a screen of view. */
function comesNear(id: string): Promise<void> | null {
  const known = nearness.get(id);
  if (known) return known;
  // Marked elements drawn by the server: read once, when the first gate asks.
  drawn ??= new Map(
    [...document.querySelectorAll<HTMLElement>('[data-near]')].map((e) => [e.dataset.near!, e]),
  );
  const element = drawn.get(id);
  if (released || !element || typeof IntersectionObserver === 'undefined') return null;
  const near = new Promise<void>((resolve) => {
    const stop = whenNear(element, resolve);
    waiting.push(() => {
      stop();
      resolve();
    });
  });
  nearness.set(id, near);
  return near;
}

function Gate({ id, children }: { id: string; children: ReactNode }) {
  // False only while React hydrates what the server drew (use-hydrated.ts).
  const hydrated = useHydrated();
  const near = hydrated || typeof document === 'undefined' ? null : comesNear(id);
  if (near) use(near);
  return children;
}

/**
 * Children the server drew, hydrated when they come near the screen. `children` gets the id its
 * outermost element must carry as `data-near`, so the gate can find the drawn element.
 */
export function HydrateWhenNear({ children }: { children: (nearId: string) => ReactNode }) {
  const id = useId();
  return (
    <Suspense fallback={null}>
      <Gate id={id}>{children(id)}</Gate>
    </Suspense>
  );
}
