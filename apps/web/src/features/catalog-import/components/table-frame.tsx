import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone scrolls inside a visible frame, never the page. The frame
 * takes focus so a keyboard can scroll it too, and is named for screen readers.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-box border border-base-300 bg-base-100 focus-visible:outline-2 focus-visible:outline-primary"
    >
      {children}
    </div>
  );
}
