import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { payOnPaymentPage } from './support/checkout.js';
import { signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

const part = seedParts[2]!;
const quantity = part.minOrderQuantity * 4;
const listPrice = part.priceCents / 100;
const offerPrice = Math.round(part.priceCents * 0.8) / 100;

/** No sideways scrolling at the page's current width. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A call to the API from a signed-in page, with its access key. */
const apiFrom = (page: Page, path: string) =>
  page.evaluate(async (path) => {
    const res = await fetch(path, {
      headers: { authorization: `Bearer ${localStorage.getItem('accessKey') ?? ''}` },
    });
    return (await res.json()) as Record<string, unknown>;
  }, path);

describe.runIf(browserAvailable())('quotes in the browser', () => {
  const ctx = useBrowserShop();

  it('requests a quote from the cart, staff offer a lower price, the buyer accepts and pays', async () => {
    const buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(buyer.page, demoAccounts.customer.email, demoAccounts.customer.password);
    // The cart holds one line of the part, four times its minimum.
    await buyer.page.evaluate(
      async ({ name, quantity }) => {
        const headers = {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('accessKey') ?? ''}`,
        };
        const parts = (await (await fetch('/api/parts')).json()) as { _id: string; name: string }[];
        const found = parts.find((p) => p.name === name)!;
        const res = await fetch('/api/cart/lines', {
          method: 'POST',
          headers,
          body: JSON.stringify({ partId: found._id, quantity }),
        });
        if (!res.ok) throw new Error(`cart: ${res.status}`);
      },
      { name: part.name, quantity },
    );

    // From the cart: "Request a quote", a target price and a note.
    await buyer.page.goto('/cart');
    await buyer.page.getByTestId('cart-line').first().waitFor();
    await buyer.page.getByRole('button', { name: 'Request a quote' }).click();
    const request = buyer.page.getByRole('form', { name: 'Request a quote' });
    await request.getByLabel('Target unit price ($)').fill(String(offerPrice));
    await request.getByLabel('Note for our sales team').fill('Monthly order for our workshops');
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    await request.getByRole('button', { name: 'Send request' }).click();
    await buyer.page.waitForURL('**/quotes/**');
    await buyer.page.getByTestId('quote-status').getByText('requested').waitFor();
    const number = (await buyer.page.getByRole('heading', { level: 1 }).textContent())!;
    expect(number).toMatch(/^Q-\d{4}-\d{6}$/);
    // The cart is as it was.
    const cart = await apiFrom(buyer.page, '/api/cart');
    expect(cart.lines).toMatchObject([{ quantity }]);
    // "My quotes" lists it.
    await buyer.page.goto('/quotes');
    await buyer.page.getByRole('link', { name: number }).waitFor();
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);

    // Staff find the request in the console and offer a lower price for a week.
    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await staff.page.goto('/dashboard');
    await staff.page.getByTestId('staff-sidebar').getByRole('link', { name: 'Quotes' }).click();
    await staff.page.getByRole('link', { name: number }).click();
    const editor = staff.page.getByRole('form', { name: 'Send an offer' });
    await editor.waitFor();
    const unit = editor.getByRole('spinbutton', { name: /^Unit price of / });
    expect(await unit.inputValue()).toBe(String(offerPrice));
    await unit.fill(String(offerPrice));
    await editor.getByLabel('Message to the buyer').fill('Our price for a monthly order');
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await editor.getByRole('button', { name: 'Send offer' }).click();
    await staff.page.getByTestId('quote-status').getByText('offered').waitFor();

    // The buyer sees the offer and what changed from the request.
    await buyer.page.goto('/quotes');
    await buyer.page.getByRole('link', { name: number }).click();
    // The list (a table and a phone list, both with badges) stays until the quote's page is drawn.
    await buyer.page.getByRole('heading', { level: 1, name: number }).waitFor();
    await buyer.page.getByTestId('quote-status').getByText('offered').waitFor();
    const total = formatMoney(Math.round(offerPrice * 100 * quantity) / 100);
    expect(await buyer.page.getByTestId('quote-total').textContent()).toBe(total);
    expect(await buyer.page.getByTestId('quote-history').textContent()).toContain('Staff: offered');
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    expect(offerPrice).toBeLessThan(listPrice);

    // On a 390 px phone the quote page does not scroll sideways.
    await buyer.page.setViewportSize({ width: 390, height: 844 });
    expect(await scrollWidth(buyer.page)).toBeLessThanOrEqual(390);
    await buyer.page.setViewportSize({ width: 1280, height: 900 });

    // Accept: an order at the quoted price, then the payment page.
    const accept = buyer.page.getByRole('form', { name: 'Accept the offer' });
    await accept.getByLabel('Address').fill('12 Workshop Way');
    await accept.getByLabel('City').fill('Bristol');
    await accept.getByLabel('Postal code').fill('BS1 4DJ');
    await accept.getByLabel('Country').fill('United Kingdom');
    await accept.getByLabel('Phone').fill('0117 496 0000');
    await accept.getByRole('button', { name: 'Accept and order' }).click();
    await payOnPaymentPage(buyer.page);

    const quotes = (await apiFrom(buyer.page, '/api/quotes')) as unknown as {
      id: string;
      status: string;
      orderId: string;
    }[];
    expect(quotes[0]).toMatchObject({ status: 'accepted' });
    const order = await apiFrom(buyer.page, `/api/purchase/${quotes[0]!.orderId}`);
    expect(order).toMatchObject({
      status: 'paid',
      partPrice: Math.round(offerPrice * 100 * quantity) / 100,
      lines: [{ quantity, unitPrice: offerPrice }],
    });
    expect(buyer.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
  });
});
