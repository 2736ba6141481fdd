import type { Page } from 'playwright-core';

/**
 * What a page must hold to on any screen, read from the boxes the browser drew (not
 * `scrollWidth`, which misses a layout viewport that grew to fit a too-wide page):
 * - no visible element reaches past the viewport's sides, unless a frame that scrolls holds it;
 * - no text is cut by a box that hides its overflow;
 * - every tap target is at least 24 × 24 px, or has 24 px round it free of other targets
 *   (WCAG 2.2, 2.5.8), links inside running text excepted.
 * Answers one readable line per problem.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}> "${text}"`;
    };
    const hidden = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return true;
      // Visually hidden for screen readers (Tailwind's sr-only): a 1 px clipped box.
      const rect = el.getBoundingClientRect();
      return rect.width <= 1 || rect.height <= 1;
    };
    /** Inside a box that scrolls or clips sideways: that box is checked instead. */
    const inFrame = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
      }
      return false;
    };

    for (const el of document.body.querySelectorAll('*')) {
      if (hidden(el) || el.closest('[aria-hidden="true"], .swal2-container')) continue;
      const rect = el.getBoundingClientRect();
      if ((rect.right > width + 1 || rect.left < -1) && !inFrame(el)) {
        problems.push(
          `beyond the viewport (${Math.round(rect.left)}-${Math.round(rect.right)} of ${width}): ${describe(el)}`,
        );
      }
      const style = getComputedStyle(el);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const ownText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
      if (
        clips &&
        ownText &&
        el.scrollWidth > el.clientWidth + 1 &&
        style.position !== 'absolute'
      ) {
        problems.push(`text cut by its box: ${describe(el)}`);
      }
    }

    const targets = [
      ...document.body.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((el) => !hidden(el) && !(el as HTMLInputElement).disabled);
    const boxes = targets.map((el) => el.getBoundingClientRect());
    targets.forEach((el, i) => {
      const box = boxes[i]!;
      if (box.width >= 24 && box.height >= 24) return;
      // A radio or checkbox inside its label: the label is the target.
      const label = el.closest('label');
      if (label) {
        const l = label.getBoundingClientRect();
        if (l.width >= 24 && l.height >= 24) return;
      }
      // A link in a sentence is exempt (WCAG 2.5.8 "inline").
      if (
        el.tagName === 'A' &&
        getComputedStyle(el).display === 'inline' &&
        el.parentElement &&
        [...el.parentElement.childNodes].some(
          (n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        )
      )
        return;
      // The spacing exception: a 24 px circle on its centre meets no other target.
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const crowded = boxes.some((other, j) => {
        if (j === i || targets[j]!.contains(el) || el.contains(targets[j]!)) return false;
        const dx = Math.max(other.left - cx, 0, cx - other.right);
        const dy = Math.max(other.top - cy, 0, cy - other.bottom);
        return Math.hypot(dx, dy) < 12;
      });
      if (crowded)
        problems.push(
          `tap target ${Math.round(box.width)}×${Math.round(box.height)} px too close to another: ${describe(el)}`,
        );
      else if (box.width < 24 && box.height < 24)
        problems.push(
          `tap target ${Math.round(box.width)}×${Math.round(box.height)} px: ${describe(el)}`,
        );
    });
    return problems;
  });
}

/**
 * After a failed submit: focus is on the first invalid field of the form in the page's order, and
 * that field is on screen below the sticky header. Null when it holds, else what is wrong.
 */
export async function firstErrorProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const invalid = [...document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
    if (invalid.length === 0) return 'no field is marked invalid';
    const first = invalid[0]!;
    if (document.activeElement !== first)
      return `focus is on ${document.activeElement?.outerHTML.slice(0, 80)}, not the first invalid field ${first.outerHTML.slice(0, 80)}`;
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const box = first.getBoundingClientRect();
    if (box.top < header || box.bottom > window.innerHeight)
      return `the first invalid field (${Math.round(box.top)}-${Math.round(box.bottom)}) is not clear of the header (${Math.round(header)}) on a screen of ${window.innerHeight}`;
    return null;
  });
}
