import type { Page } from 'playwright-core';
import { alerts } from '@storefront/contract';
import { confirmAlert } from './session.js';

/** Fills the order form's ship-to address, in its parts. */
export async function fillShipTo(page: Page, street = '1 Depot Lane'): Promise<void> {
  await page.getByLabel('Address').fill(street);
  await page.getByLabel('City').fill('Bristol');
  await page.getByLabel('Postal code').fill('BS1 4DJ');
  await page.getByLabel('Country').fill('United Kingdom');
}

/** Pays on the payment page with the sandbox's always-succeeding card; back on the dashboard. */
export async function payOnPaymentPage(page: Page) {
  await page.waitForURL('**/dashboard/payment/**');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some(
      (b) => b.textContent?.startsWith('Pay ') && !b.disabled,
    ),
  );
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await confirmAlert(page, alerts.paymentSuccessful);
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/**
 * Places and pays an order through the API from the signed-in page (its access key, real HTTP):
 * for tests whose subject is what happens after the order, not the ordering screens.
 */
export async function placeAndPayByApi(
  page: Page,
  partName: string,
  quantity: number,
): Promise<{ id: string; number: string }> {
  return page.evaluate(
    async ({ partName, quantity }) => {
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('accessKey') ?? ''}`,
      };
      const call = async (path: string, body?: object) => {
        const res = await fetch(`/api${path}`, {
          method: body ? 'POST' : 'GET',
          headers,
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const parts = (await call('/parts')) as { _id: string; name: string }[];
      const part = parts.find((p) => p.name === partName);
      if (!part) throw new Error(`no part named ${partName}`);
      const order = (await call('/purchase', {
        partId: part._id,
        minimum: quantity,
        phone: '0113 496 0000',
        shipTo: { street: '9 Api Row', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK' },
      })) as { _id: string; number: string };
      const { clientSecret } = (await call('/create-payment-intent', { orderId: order._id })) as {
        clientSecret: string;
      };
      await call('/sandbox/confirm', {
        clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      });
      return { id: order._id, number: order.number };
    },
    { partName, quantity },
  );
}
