import { useEffect } from 'react';

/**
 * After a submit that leaves fields invalid, focus the first one in the page's order and scroll it
 * to the middle of the screen, clear of the sticky header. Forms focus an error themselves in
 * different ways (react-hook-form picks its own order, and ended on the last field of checkout);
 * doing it once for every submit, from what the page shows, holds for every form, new ones
 * included.
 */
export function focusFirstError(form: HTMLFormElement): void {
  // The visitor may already be fixing a field when the later look comes (a slow phone): focus
  // moved then would send the rest of their typing into another field. Their own input wins.
  let interacted = false;
  const mark = () => (interacted = true);
  const events = ['pointerdown', 'keydown', 'input'] as const;
  for (const type of events) document.addEventListener(type, mark, true);
  const stop = () => {
    for (const type of events) document.removeEventListener(type, mark, true);
  };
  /** Whether an invalid field was found (and focused), or the visitor took over. */
  const focusFirst = (): boolean => {
    if (!form.isConnected || interacted) return true;
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return false;
    if (document.activeElement !== first) first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: 'center' });
    return true;
  };
  // The errors are drawn after the submit handlers ran (validation may be asynchronous): look
  // once they are on screen, and once more a little later for a slower check.
  window.setTimeout(() => {
    if (focusFirst()) stop();
    else
      window.setTimeout(() => {
        focusFirst();
        stop();
      }, 250);
  }, 50);
}

let listening = false;

/**
 * Called by every field that can be marked invalid (`Field`, `TextAreaField`): the first one drawn
 * starts the one listener, so the rule holds for every form without the home page carrying it.
 */
export function useFocusFirstError(): void {
  useEffect(() => {
    if (listening) return;
    listening = true;
    document.addEventListener('submit', (event) => {
      if (event.target instanceof HTMLFormElement) focusFirstError(event.target);
    });
  }, []);
}
