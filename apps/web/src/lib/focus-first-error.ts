/**
 * After a submit that leaves fields invalid, focus the first one in the page's order and scroll it
 * to the middle of the screen, clear of the sticky header. Forms focus an error themselves in
 * different ways (react-hook-form picks its own order, and ended on the last field of checkout);
 * doing it once here, from what the page shows, holds for every form, new ones included.
 */
export function installFocusFirstError(doc: Document): () => void {
  const timers = new Set<number>();
  /** Whether an invalid field was found (and focused). */
  const focusFirst = (form: HTMLFormElement): boolean => {
    if (!form.isConnected) return true;
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return false;
    if (doc.activeElement !== first) first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: 'center' });
    return true;
  };
  const later = (delay: number, run: () => void) => {
    const timer = window.setTimeout(() => {
      timers.delete(timer);
      run();
    }, delay);
    timers.add(timer);
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    // The errors are drawn after the submit handlers ran (validation may be asynchronous): look
    // once they are on screen, and once more a little later for a slower check.
    later(50, () => {
      if (!focusFirst(form)) later(250, () => focusFirst(form));
    });
  };
  doc.addEventListener('submit', onSubmit);
  return () => {
    doc.removeEventListener('submit', onSubmit);
    for (const timer of timers) window.clearTimeout(timer);
  };
}
