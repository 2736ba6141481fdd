import type { Page } from 'playwright-core';

/**
 * A part card's "Order now" link. It is named by its words (WCAG 2.5.3: a voice-control user says
 * "click Order now"); which part it orders is the card's heading, which describes it.
 */
export const orderNowOf = (page: Page, partName: string) =>
  page
    .getByTestId('part-card')
    .filter({ has: page.getByRole('heading', { name: partName, exact: true }) })
    .getByRole('link', { name: 'Order now', exact: true });
