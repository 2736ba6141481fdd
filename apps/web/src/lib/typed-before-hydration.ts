/**
 * Text typed into a prerendered page before the app took it over. A phone may show the search
 * box a second or more before the scripts have run; hydration then sets every controlled field
 * back to the value it rendered (empty), and the buyer's words were lost without a sign.
 * `main.tsx` notes them before hydrating and loads this module only when there are some.
 */
export type TypedText = {
  field: HTMLInputElement | HTMLTextAreaElement;
  /** What the buyer typed. */
  value: string;
  /** What the page was drawn with, and what hydration sets the field back to. */
  drawn: string;
  /** Its name: a page the app draws anew (not hydrated) has a new field of that name. */
  name: string;
  /** Frames seen since React took the field over with the typed text still in it. */
  frames?: number;
}[];

/** Whether React has taken a drawn element over (its props are attached once it is hydrated). */
const hydrated = (element: Element): boolean =>
  Object.keys(element).some((key) => key.startsWith('__reactProps$'));

const setNativeValue = (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  const proto =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  // The prototype's setter, not the element's: React's change tracking then sees a new value.
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
};

/**
 * Types `typed` again, as input events, into each field once React has hydrated it and set it
 * back to its drawn value (a field in a route still loading is hydrated later: looked for on each
 * frame, for up to ten seconds). A field that holds anything else by then keeps it.
 */
export function replayTyped(root: HTMLElement, typed: TypedText): void {
  if (typed.length === 0) return;
  const now = () => performance.now();
  const until = now() + 10_000;
  let waiting = typed;
  const step = () => {
    waiting = waiting.filter((entry) => {
      const { value, drawn, name } = entry;
      if (!entry.field.isConnected) {
        const redrawn = name
          ? root.querySelector<HTMLInputElement | HTMLTextAreaElement>(
              `input[name="${CSS.escape(name)}"], textarea[name="${CSS.escape(name)}"]`,
            )
          : null;
        if (!redrawn) return now() < until;
        entry.field = redrawn;
      }
      const { field } = entry;
      // A file chosen is not text, and its value cannot be set.
      if (field.type === 'file') return false;
      // Until hydration has committed, the field still shows what was typed.
      if (!hydrated(field)) return true;
      if (field.value === value) {
        // Hydration keeps the typed text on screen while React's state holds the drawn value; a
        // later render of the field sets it back. A field nothing draws again (a memoized search
        // box) keeps showing the text React does not know: after a frame, the field goes back
        // to its drawn value through React's own setter, so that typing it again is a change.
        entry.frames = (entry.frames ?? 0) + 1;
        if (entry.frames < 2) return true;
        field.value = drawn;
      }
      if (field.value === drawn) {
        setNativeValue(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      return false;
    });
    if (waiting.length > 0 && now() < until) requestAnimationFrame(step);
  };
  step();
}
