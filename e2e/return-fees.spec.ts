import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  restockingFeeCents,
  type RestockingFees,
  type ReturnResponse,
} from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { placeAndPayByApi } from './support/checkout.js';
import { pageApi, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

const part = seedParts[1]!;
const phone = { width: 390, height: 844 };
/** The fee of one piece at `percent`, as the server rounds it. */
const feeOfOne = (percent: number) => restockingFeeCents(part.priceCents, percent * 100) / 100;
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.runIf(browserAvailable())('restocking fees in the staff console', () => {
  const ctx = useBrowserShop();

  it('staff set "not needed" to 10% on a phone; a return settled then keeps 10% after the next change; a fee waived with a reason', async () => {
    const buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(buyer.page, demoAccounts.customer.email, demoAccounts.customer.password);
    const order = await placeAndPayByApi(buyer.page, part.name, part.minOrderQuantity);
    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await staff.page.setViewportSize(phone);
    const asStaff = <T>(method: string, url: string, body?: unknown) =>
      pageApi<T>(staff.page, method, url, body);
    await asStaff('POST', `/api/staff/orders/${order.id}/ship`, {
      carrier: 'DPD',
      trackingNumber: '1560',
    });
    await asStaff('POST', `/api/staff/orders/${order.id}/deliver`, {});

    // The fee screen at 390 px: every reason's fee, the contract's message for a bad one.
    await staff.page.goto('/dashboard/staff-returns');
    await staff.page.getByText('Restocking fees by reason').click();
    const notNeeded = staff.page.getByLabel('Not needed', { exact: true });
    await expect.poll(() => notNeeded.inputValue()).toBe('15');
    expect(await staff.page.getByLabel('Wrong part or does not fit').inputValue()).toBe('0');
    expect(await scrollWidth(staff.page)).toBeLessThanOrEqual(phone.width);
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await notNeeded.fill('12.345');
    await notNeeded.press('Enter');
    await staff.page.getByText('Fee has at most two decimals').waitFor();
    expect(await notNeeded.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => staff.page.evaluate(() => document.activeElement?.id))
      .toBe(await notNeeded.getAttribute('id'));
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    expect((await asStaff<RestockingFees>('GET', '/api/staff/return-fees')).fees.not_needed).toBe(
      15,
    );
    await notNeeded.fill('10');
    await staff.page.getByRole('button', { name: 'Save the restocking fees' }).click();
    await staff.page
      .getByTestId('restocking-fees-saved')
      .getByText(/Not needed 10%/)
      .waitFor();
    expect(await notNeeded.getAttribute('aria-invalid')).toBeNull();
    expect((await asStaff<RestockingFees>('GET', '/api/staff/return-fees')).fees.not_needed).toBe(
      10,
    );

    // Two "not needed" returns of one piece each, taken in by the API up to settling.
    const inspected = async () => {
      const made = await pageApi<ReturnResponse>(buyer.page, 'POST', '/api/returns', {
        orderId: order.id,
        reason: 'not_needed',
        lines: [{ lineNo: 1, quantity: 1 }],
      });
      const step = (action: string, body: object) =>
        asStaff('POST', `/api/staff/returns/${made.id}/${action}`, body);
      await step('approve', {});
      await step('receive', { lines: [{ lineNo: 1, quantity: 1 }] });
      await step('inspect', { lines: [{ lineNo: 1, resaleable: 1, scrapped: 0 }] });
      return made;
    };
    const kept = await inspected();
    const waived = await inspected();

    // Settled in the console at 10%.
    await staff.page.goto(`/dashboard/staff-returns/${kept.id}`);
    // The fee in force now, before settling: on the return and on the waive box.
    await staff.page.getByLabel('Waive the restocking fee (10%)').waitFor();
    expect(await staff.page.getByTestId('return-view').textContent()).toContain(
      'Restocking fee10%',
    );
    await staff.page.getByRole('button', { name: 'Settle: refund the card' }).click();
    const settlement = staff.page.getByTestId('return-settlement');
    await settlement.waitFor();
    expect(await settlement.textContent()).toContain(
      `less the restocking fee ${formatMoney(feeOfOne(10))}`,
    );

    // The fee changes again: the settled return keeps its 10%.
    await asStaff('PUT', '/api/staff/return-fees', {
      fees: {
        ...(await asStaff<RestockingFees>('GET', '/api/staff/return-fees')).fees,
        not_needed: 20,
      },
    });
    await staff.page.reload();
    await settlement.waitFor();
    expect(await settlement.textContent()).toContain(
      `less the restocking fee ${formatMoney(feeOfOne(10))}`,
    );
    const after = await asStaff<ReturnResponse>('GET', `/api/staff/returns/${kept.id}`);
    expect(after.feePercent).toBe(10);
    expect(after.settlement).toMatchObject({ fee: feeOfOne(10) });
    expect(await scrollWidth(staff.page)).toBeLessThanOrEqual(phone.width);
    expect(await seriousA11yViolations(staff.page)).toEqual([]);

    // The other one, at today's 20%, settled with the fee waived for a reason.
    await staff.page.goto(`/dashboard/staff-returns/${waived.id}`);
    await staff.page.getByLabel('Waive the restocking fee (20%)').check();
    await staff.page.getByLabel('Why the fee is waived').fill('Our late delivery');
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await staff.page.getByRole('button', { name: 'Settle: refund the card' }).click();
    await settlement.waitFor();
    expect(await settlement.textContent()).toContain('fee waived: Our late delivery');
    expect(
      (await asStaff<ReturnResponse>('GET', `/api/staff/returns/${waived.id}`)).settlement,
    ).toMatchObject({ fee: 0, feeWaivedReason: 'Our late delivery' });
    expect(buyer.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
  });
});
