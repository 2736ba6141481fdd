import { useEffect, useRef, useState, type ReactNode } from 'react';
import { whenNear } from './near';

/**
 * Children the browser draws only once their place comes within a screen of view (issue 41): for
 * what sits below a long list, such as the cart's tax estimate under fifty lines, whose script,
 * request and render a phone would otherwise pay for while the page loads. A short page has it in
 * view at once, so it renders a frame later than it would have.
 */
export function RenderWhenNear({ children }: { children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    return whenNear(element, () => setNear(true));
  }, [near]);
  return near ? children : <div ref={place} />;
}
