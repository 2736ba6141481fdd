import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alerts } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { fillShipTo, payOnPaymentPage, placeAndPayByApi } from './support/checkout.js';
import { confirmAlert, registerCustomer, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';
import { orderNowOf } from './support/order-now.js';
import { scaled } from './support/time.js';

const part = seedParts[3]!;

/** Reloads until `check` passes: for what a background job finishes (a refund). */
async function eventually(page: Page, check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.reload();
  }
}

describe.runIf(browserAvailable())('the staff console in the browser', () => {
  const ctx = useBrowserShop();

  it('walks an order from payment to shipment: staff find it by number and ship it, the customer sees the tracking', async () => {
    const buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(buyer.page, { name: 'Sam Shipper', email: 'sam@example.com' });
    await buyer.page.goto('/');
    await orderNowOf(buyer.page, part.name).click();
    await fillShipTo(buyer.page, '8 Loading Bay');
    await buyer.page.getByLabel('Quantity (minimum order)').fill('40');
    await buyer.page.getByLabel('Phone').fill('0113 496 0001');
    await buyer.page.getByRole('button', { name: 'Place order' }).click();
    await confirmAlert(buyer.page, alerts.orderPlaced);
    await buyer.page.waitForURL('**/dashboard/payment/**');
    const number = (await buyer.page.getByTestId('payment-order-number').textContent())!;
    await payOnPaymentPage(buyer.page);

    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await staff.page.goto('/dashboard');
    const overview = staff.page.getByTestId('staff-overview');
    await overview.getByText('Waiting to ship').waitFor();
    expect(
      await staff.page.getByTestId('dashboard-sidebar').getByRole('link').allTextContents(),
    ).toEqual(['Add a part', 'My Profile']);
    await staff.page.getByTestId('staff-sidebar').getByRole('link', { name: 'Orders' }).click();
    await staff.page
      .getByRole('search', { name: 'Filter orders' })
      .getByLabel('Search')
      .fill(number);
    await staff.page.getByRole('button', { name: 'Apply' }).click();
    await staff.page.waitForURL(`**/dashboard/orders?q=${number}`);
    const rows = staff.page.getByTestId('staff-order-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Sam Shipper');
    // The totals are counted by their own call and shown when they arrive.
    await expect
      .poll(() => staff.page.getByTestId('orders-totals').textContent())
      .toMatch(/^1 order, /);
    expect(await seriousA11yViolations(staff.page)).toEqual([]);

    await rows.first().getByRole('link', { name: number }).click();
    const order = staff.page.getByTestId('staff-order');
    await order.getByRole('heading', { name: `Order ${number}` }).waitFor();
    expect(await order.textContent()).toContain('8 Loading Bay, BS1 4DJ Bristol');
    // Carrier and tracking number are both required.
    await staff.page.getByRole('button', { name: 'Mark shipped' }).click();
    await staff.page.getByText('Carrier is required').waitFor();
    await staff.page.getByLabel('Carrier').fill('DHL');
    await staff.page.getByLabel('Tracking number').fill('JD014600006281');
    await staff.page.getByRole('button', { name: 'Mark shipped' }).click();
    await staff.page.getByRole('button', { name: 'Mark delivered' }).waitFor();
    expect(await order.getByTestId('fulfilment-state').textContent()).toBe('shipped');
    const timeline = (await staff.page.getByTestId('order-timeline').textContent())!;
    expect(timeline).toContain('paid → shipped');
    expect(timeline).toContain(demoAccounts.admin.email);
    expect(await seriousA11yViolations(staff.page)).toEqual([]);

    await buyer.page.goto('/dashboard/my-orders');
    const row = buyer.page.getByTestId('order-row').filter({ hasText: number });
    expect(await row.getByTestId('order-status').textContent()).toBe('shipped');
    expect(await row.getByTestId('row-tracking').textContent()).toBe('DHL: JD014600006281');

    await staff.page.getByTestId('staff-sidebar').getByRole('link', { name: 'Audit log' }).click();
    await staff.page.getByTestId('audit-row').first().waitFor();
    expect(await staff.page.getByTestId('audit-row').first().textContent()).toContain(
      `Shipped ${number} with DHL JD014600006281`,
    );
    await buyer.context.close();
    await staff.context.close();
  });

  it('cancels a paid order with a refund the customer sees, and names and removes an admin', async () => {
    const buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(buyer.page, { name: 'Rae Refund', email: 'rae@example.com' });
    const { number } = await placeAndPayByApi(buyer.page, part.name, 40);

    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await staff.page.goto(`/dashboard/orders?q=${number}`);
    await staff.page.getByRole('link', { name: number }).click();
    await staff.page.getByLabel('Reason (the customer sees it)').fill('Wrong fitment');
    await staff.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await staff.page
      .locator('.swal2-popup')
      .getByRole('button', { name: 'Cancel and refund' })
      .click();
    const payment = staff.page.getByTestId('staff-order').getByTestId('payment-state');
    await eventually(
      staff.page,
      async () => (await payment.textContent()) === 'refunded',
      'the refund',
    );

    await buyer.page.goto('/dashboard/my-orders?show=cancelled');
    const row = buyer.page.getByTestId('order-row').filter({ hasText: number });
    expect(await row.getByTestId('refund-status').textContent()).toMatch(/^Refunded \$/);

    await staff.page.goto('/dashboard/admins');
    await staff.page.getByLabel('Email').fill('rae@example.com');
    await staff.page.getByRole('button', { name: 'Grant admin' }).click();
    await staff.page.getByText('becomes an admin once its owner confirms the address').waitFor();
    const raeRow = staff.page.getByTestId('admin-row').filter({ hasText: 'rae@example.com' });
    expect(await raeRow.textContent()).toContain('waiting for confirmation');
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await raeRow.getByRole('button', { name: 'Withdraw the grant to rae@example.com' }).click();
    // The grant is withdrawn once the server says so; the list follows (a busy machine may take
    // longer than the default wait between the two).
    const withdrawn = staff.page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes('/api/staff/admins/'),
    );
    await staff.page.locator('.swal2-popup').getByRole('button', { name: 'Withdraw' }).click();
    expect((await withdrawn).status()).toBe(200);
    await expect.poll(() => raeRow.count(), { timeout: scaled(15_000) }).toBe(0);
    await buyer.context.close();
    await staff.context.close();
  });

  it('refuses a customer every staff page and route', async () => {
    const buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(buyer.page, demoAccounts.customer.email, demoAccounts.customer.password);
    for (const path of [
      '/dashboard/orders',
      '/dashboard/parts',
      '/dashboard/admins',
      '/dashboard/audit',
    ]) {
      await buyer.page.goto(path);
      await buyer.page.getByText('You do not have access to this page').waitFor();
      expect(await buyer.page.getByTestId('staff-sidebar').count()).toBe(0);
    }
    const statuses = await buyer.page.evaluate(async () => {
      const authorization = `Bearer ${localStorage.getItem('accessKey') ?? ''}`;
      return Promise.all(
        [
          '/api/staff/orders',
          '/api/staff/overview',
          '/api/staff/admins',
          '/api/staff/audit',
          '/api/staff/parts',
        ].map(async (path) => (await fetch(path, { headers: { authorization } })).status),
      );
    });
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    await buyer.context.close();
  });

  it('runs the parts: stock received and adjusted as movements, a new price, both on the home page, a part archived out of the shop and back, a picture uploaded into a new part', async () => {
    const stocked = seedParts[5]!;
    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await staff.page.goto('/dashboard');
    await staff.page.getByTestId('staff-sidebar').getByRole('link', { name: 'Parts' }).click();
    await staff.page
      .getByRole('search', { name: 'Filter parts' })
      .getByLabel('Search')
      .fill(stocked.name);
    await staff.page.getByRole('button', { name: 'Apply' }).click();
    const rows = staff.page.getByTestId('staff-part-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await rows.first().getByRole('link', { name: stocked.name }).click();
    await staff.page.getByRole('heading', { name: stocked.name }).waitFor();
    const level = staff.page.getByTestId('part-stock-level');
    const before = Number((await level.textContent())!.replace(/,/g, ''));

    await staff.page.getByLabel('Quantity received').fill('50');
    await staff.page.getByLabel('Note (delivery note, supplier)').fill('Delivery 4471');
    await staff.page.getByRole('button', { name: 'Receive', exact: true }).click();
    await staff.page.getByText(`Stock is now ${(before + 50).toLocaleString('en-US')}.`).waitFor();
    const first = staff.page.getByTestId('stock-movement').first();
    await expect.poll(() => first.textContent()).toContain('Delivery 4471');
    expect(await first.textContent()).toContain('+50');

    // An adjustment needs a reason; refused, nothing changes.
    await staff.page.getByLabel('Adjust after a count').check();
    await staff.page.getByLabel('Change (+ or −)').fill('-3');
    await staff.page.getByRole('button', { name: 'Adjust', exact: true }).click();
    await staff.page.getByText('Say why the stock changes').waitFor();
    await staff.page.getByLabel('Reason').fill('Three boxes damaged');
    await staff.page.getByRole('button', { name: 'Adjust', exact: true }).click();
    await staff.page.getByText(`Stock is now ${(before + 47).toLocaleString('en-US')}.`).waitFor();
    expect(await level.textContent()).toBe((before + 47).toLocaleString('en-US'));
    expect(await seriousA11yViolations(staff.page)).toEqual([]);

    // A new price from the edit form; the home page shows it with the adjusted stock.
    await staff.page.getByRole('link', { name: 'Edit details' }).click();
    await staff.page.getByLabel('Price per unit').fill('199.50');
    await staff.page.getByRole('button', { name: 'Save part' }).click();
    await confirmAlert(staff.page, 'Part has been saved');
    const home = await newPage(ctx.browser, ctx.shop.baseURL);
    await home.page.goto('/');
    const card = home.page.getByTestId('part-card').filter({ hasText: stocked.name });
    await card.waitFor();
    expect(await card.getByTestId('part-price').textContent()).toContain('$199.50');
    expect(await card.getByTestId('part-available').textContent()).toBe(
      `Available: ${before + 47} piece`,
    );
    await home.context.close();
    await staff.page.goBack();
    await staff.page.goBack();
    await staff.page.getByRole('heading', { name: stocked.name }).waitFor();

    // Archived: gone from the shop's catalog; restored: back.
    await staff.page.getByRole('button', { name: 'Archive' }).click();
    await staff.page.locator('.swal2-popup').getByRole('button', { name: 'Archive' }).click();
    await staff.page.getByText(/^Archived /).waitFor();
    const visitor = await newPage(ctx.browser, ctx.shop.baseURL);
    await visitor.page.goto('/');
    await visitor.page.getByRole('heading', { name: seedParts[0]!.name }).first().waitFor();
    expect(await visitor.page.getByRole('heading', { name: stocked.name }).count()).toBe(0);
    await staff.page.getByRole('button', { name: 'Restore to the catalog' }).click();
    await staff.page.locator('.swal2-popup').getByRole('button', { name: 'Restore' }).click();
    await staff.page.getByText('In the catalog', { exact: true }).waitFor();
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { name: stocked.name }).first().waitFor();

    // A picture chosen in the add form is uploaded, stored as WebP and its address fills the URL
    // (a 240 × 160 red PNG).
    await staff.page.goto('/dashboard/add-a-part');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAPAAAACgCAIAAAC9uXYyAAAACXBIWXMAAAPoAAAD6AG1e1JrAAADQElEQVR4nO3WAQkAURAC0Uvy+0eZWBdjQR4YYNHB9es94kArGHznFxAHAjQIOJCGBkHrL9HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBkHrD8HkuM+AAjQIOJCGBsG8AybHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CCbHfQYUoEHAgTQ0CFp/CD+UrGDpclFwRQAAAABJRU5ErkJggg==',
      'base64',
    );
    await staff.page
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: png });
    const urlField = staff.page.getByLabel('Part image URL');
    await expect.poll(() => urlField.inputValue()).toMatch(/^\/uploads\/[a-f0-9]{20}-640\.webp$/);
    const stored = await urlField.inputValue();
    const served = await staff.page.request.get(stored);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await staff.page.getByLabel('Name').fill('Uploaded Water Pump');
    await staff.page.getByLabel('Description').fill('A water pump whose picture was uploaded.');
    await staff.page.getByLabel('Minimum order quantity').fill('5');
    await staff.page.getByLabel('Available quantity').fill('60');
    await staff.page.getByLabel('Price per unit').fill('31.50');
    await staff.page.getByRole('button', { name: 'Add Part' }).click();
    await confirmAlert(staff.page, alerts.partAdded);
    const created = await staff.page.request.get('/api/parts');
    const listed = ((await created.json()) as { name: string; url: string }[]).find(
      (p) => p.name === 'Uploaded Water Pump',
    );
    expect(listed?.url).toBe(stored);
    await visitor.context.close();
    await staff.context.close();
  });
});
