import type { Page } from 'playwright-core';

/** Fills the order form's ship-to address, in its parts. */
export async function fillShipTo(page: Page, street = '1 Depot Lane'): Promise<void> {
  await page.getByLabel('Address').fill(street);
  await page.getByLabel('City').fill('Bristol');
  await page.getByLabel('Postal code').fill('BS1 4DJ');
  await page.getByLabel('Country').fill('United Kingdom');
}
