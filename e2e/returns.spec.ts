import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { placeAndPayByApi } from './support/checkout.js';
import { pageApi, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

const part = seedParts[1]!;
const quantity = part.minOrderQuantity;
const unit = part.priceCents / 100;

/** A PNG of one colour, as a phone's camera would send a photo of the damage (240 × 160). */
function solidPng(width = 240, height = 160): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3, Buffer.from([200, 40, 20])),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** No sideways scrolling at the page's current width. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.runIf(browserAvailable())('returns in the browser', () => {
  const ctx = useBrowserShop();

  it('a buyer returns one line with a photo on a phone; staff approve, receive, inspect and settle; the buyer sees the refund', async () => {
    const buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(buyer.page, demoAccounts.customer.email, demoAccounts.customer.password);
    const order = await placeAndPayByApi(buyer.page, part.name, quantity);

    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await pageApi(staff.page, 'POST', `/api/staff/orders/${order.id}/ship`, {
      carrier: 'DPD',
      trackingNumber: '1550',
    });
    await pageApi(staff.page, 'POST', `/api/staff/orders/${order.id}/deliver`, {});

    // On a 390 px phone: the receipt's "Return parts", one piece, a reason, a photo.
    await buyer.page.setViewportSize({ width: 390, height: 844 });
    await buyer.page.goto(`/dashboard/my-orders/${order.id}`);
    await buyer.page.getByRole('link', { name: 'Return parts' }).click();
    await buyer.page.waitForURL('**/return');
    await buyer.page.getByLabel(`Quantity of ${part.name} to return`).fill('1');
    await buyer.page.getByLabel('Reason').selectOption('wrong_part');
    await buyer.page.getByLabel('Note (optional)').fill('Does not fit our van');
    await buyer.page
      .getByLabel(/^Photos/)
      .setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: solidPng() });
    await buyer.page.getByTestId('return-photos').getByText('1 photo added').waitFor();
    // Before sending: what comes back (no fee for a wrong part) and by when.
    const estimate = await buyer.page.getByTestId('return-estimate').textContent();
    expect(estimate).toContain(`${formatMoney(unit)} refunded to your card`);
    expect(estimate).toContain('must arrive within 14 days');
    expect(await scrollWidth(buyer.page)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    await buyer.page.getByRole('button', { name: 'Send the return' }).click();
    await buyer.page.waitForURL('**/dashboard/returns/**');
    await buyer.page.getByTestId('return-status').getByText('Requested').waitFor();
    const number = (await buyer.page.getByRole('heading', { level: 2 }).first().textContent())!
      .replace('Return ', '')
      .trim();
    expect(number).toMatch(/^R-\d{5,}$/);
    await buyer.page.getByRole('img', { name: 'Photo 1 sent with the return' }).waitFor();
    expect(await scrollWidth(buyer.page)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);

    // Staff: the queue, the return, each step.
    await staff.page.goto('/dashboard/staff-returns?status=requested');
    await staff.page.getByRole('link', { name: number }).click();
    await staff.page.getByTestId('return-actions').waitFor();
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await staff.page.getByLabel('Message to the buyer').fill('Send it back in its box');
    await staff.page.getByRole('button', { name: 'Approve' }).click();
    await staff.page.getByTestId('return-status').getByText('Approved: send the parts').waitFor();
    await staff.page.getByRole('button', { name: 'Mark received' }).click();
    await staff.page.getByTestId('return-status').getByText('Received').waitFor();
    await staff.page.getByRole('button', { name: 'Save the inspection' }).click();
    await staff.page.getByTestId('return-status').getByText('Inspected').waitFor();
    await staff.page.getByRole('button', { name: 'Settle: refund the card' }).click();
    await staff.page.getByTestId('return-status').getByText('Settled').waitFor();

    // The buyer sees the refund on the return and on the order.
    await buyer.page.reload();
    const settled = buyer.page.getByTestId('return-settlement');
    await settled.waitFor();
    expect(await settled.textContent()).toContain(`${formatMoney(unit)} refunded to the card`);
    expect(await buyer.page.getByTestId('return-history').textContent()).toContain(
      'Send it back in its box',
    );
    await expect
      .poll(
        async () =>
          (
            await pageApi<{ refund: { status: string; amount: number } | null }>(
              buyer.page,
              'GET',
              `/api/purchase/${order.id}`,
            )
          ).refund,
        { timeout: 15_000 },
      )
      .toEqual({ status: 'succeeded', amount: unit });
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    expect(buyer.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
  });

  it('staff settle a warranty claim with a replacement order at no charge; the buyer follows the link', async () => {
    const buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(buyer.page, demoAccounts.customer.email, demoAccounts.customer.password);
    const order = await placeAndPayByApi(buyer.page, part.name, quantity);
    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await pageApi(staff.page, 'POST', `/api/staff/orders/${order.id}/ship`, {
      carrier: 'DPD',
      trackingNumber: '1551',
    });
    await pageApi(staff.page, 'POST', `/api/staff/orders/${order.id}/deliver`, {});
    // The claim's earlier steps by the API; the choice in the console.
    const claim = await pageApi<{ id: string; number: string }>(
      buyer.page,
      'POST',
      '/api/returns',
      {
        orderId: order.id,
        reason: 'defective',
        lines: [{ lineNo: 1, quantity: 1 }],
      },
    );
    const step = (action: string, body: object) =>
      pageApi(staff.page, 'POST', `/api/staff/returns/${claim.id}/${action}`, body);
    await step('approve', {});
    await step('receive', { lines: [{ lineNo: 1, quantity: 1 }] });
    await step('inspect', { lines: [{ lineNo: 1, resaleable: 0, scrapped: 1 }] });

    await staff.page.goto(`/dashboard/staff-returns/${claim.id}`);
    await staff.page.getByRole('radio', { name: /A replacement order at no charge/ }).check();
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await staff.page.getByRole('button', { name: 'Settle: place the replacement order' }).click();
    await staff.page.getByTestId('return-status').getByText('Settled').waitFor();
    const replaced = staff.page.getByTestId('return-replacement');
    expect(await replaced.textContent()).toMatch(/Replaced by order A-\d+/);

    await buyer.page.setViewportSize({ width: 390, height: 844 });
    await buyer.page.goto(`/dashboard/returns/${claim.id}`);
    const line = buyer.page.getByTestId('return-replacement');
    await line.waitFor();
    const orderNumber = /A-\d+/.exec((await line.textContent()) ?? '')![0];
    await buyer.page.getByRole('link', { name: orderNumber }).click();
    await buyer.page.getByTestId('order-replaces-return').getByText(claim.number).waitFor();
    expect(await scrollWidth(buyer.page)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    expect(buyer.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
  });
  it('a core deposit bought with a remanufactured part, its core returned on a phone, inspected and refunded', async () => {
    const remanufactured = seedParts[3]!;
    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    const listed = await pageApi<{ _id: string; name: string }[]>(staff.page, 'GET', '/api/parts');
    const id = listed.find((p) => p.name === remanufactured.name)!._id;
    const stored = await pageApi<{
      name: string;
      description: string;
      mOrderQuantity: number;
      price: number;
      url: string;
    }>(staff.page, 'GET', `/api/parts/${id}`);
    await pageApi(staff.page, 'PUT', `/api/parts/${id}`, {
      name: stored.name,
      description: stored.description,
      mOrderQuantity: stored.mOrderQuantity,
      price: stored.price,
      url: stored.url,
      coreCharge: 25,
    });
    const pieces = remanufactured.minOrderQuantity;
    const deposit = 25 * pieces;

    // On a phone: the part's page says what the deposit is before buying.
    const buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(buyer.page, demoAccounts.customer.email, demoAccounts.customer.password);
    await buyer.page.setViewportSize({ width: 390, height: 844 });
    await buyer.page.goto(`/parts/${id}`);
    expect(await buyer.page.getByTestId('part-core-charge').textContent()).toContain(
      `core deposit of ${formatMoney(25)} a piece, refunded when the old part is returned within 30 days`,
    );
    const order = await placeAndPayByApi(buyer.page, remanufactured.name, pieces);

    // The receipt shows the deposit as its own line and in the total.
    await buyer.page.goto(`/dashboard/my-orders/${order.id}`);
    const coreLine = buyer.page.getByTestId('order-core-line');
    await coreLine.waitFor();
    expect(await coreLine.textContent()).toContain(formatMoney(deposit));
    expect(await buyer.page.getByTestId('receipt-total').textContent()).toBe(
      formatMoney(stored.price * pieces + deposit),
    );
    expect(await scrollWidth(buyer.page)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);

    await pageApi(staff.page, 'POST', `/api/staff/orders/${order.id}/ship`, {
      carrier: 'DPD',
      trackingNumber: '1552',
    });
    await pageApi(staff.page, 'POST', `/api/staff/orders/${order.id}/deliver`, {});

    // The core return: the reason first, then the cores; the estimate is the deposit.
    await buyer.page.reload();
    await buyer.page.getByRole('link', { name: 'Return parts' }).click();
    await buyer.page.waitForURL('**/return');
    await buyer.page.getByLabel('Reason').selectOption('core_return');
    await buyer.page
      .getByLabel(`Quantity of ${remanufactured.name} to return`)
      .fill(String(pieces));
    await expect
      .poll(async () => buyer.page.getByTestId('return-estimate').textContent())
      .toContain(`${formatMoney(deposit)} of core deposits refunded to your card`);
    expect(await scrollWidth(buyer.page)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    await buyer.page.getByRole('button', { name: 'Send the return' }).click();
    await buyer.page.waitForURL('**/dashboard/returns/**');
    await buyer.page.getByTestId('return-status').getByText('Requested').waitFor();
    const returnId = buyer.page.url().split('/').pop()!;

    // Staff take the cores in and inspect them in the console: every one in full.
    const step = (action: string, body: object) =>
      pageApi(staff.page, 'POST', `/api/staff/returns/${returnId}/${action}`, body);
    await step('approve', {});
    await step('receive', { lines: [{ lineNo: 1, quantity: pieces }] });
    await staff.page.goto(`/dashboard/staff-returns/${returnId}`);
    await staff.page.getByTestId('core-inspection').waitFor();
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await staff.page.getByRole('button', { name: 'Save the inspection' }).click();
    await staff.page.getByTestId('return-status').getByText('Inspected').waitFor();
    await staff.page.getByRole('button', { name: 'Settle: refund the card' }).click();
    await staff.page.getByTestId('return-status').getByText('Settled').waitFor();

    await buyer.page.reload();
    const settled = buyer.page.getByTestId('return-settlement');
    await settled.waitFor();
    expect(await buyer.page.getByTestId('return-settlement-core').textContent()).toContain(
      `Core deposits given back ${formatMoney(deposit)}`,
    );
    expect(await settled.textContent()).toContain(`${formatMoney(deposit)} refunded to the card`);
    expect(await scrollWidth(buyer.page)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    expect(buyer.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
  });
});
