import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { parts } from '../apps/server/src/modules/parts/parts.tables.js';
import { eq } from 'drizzle-orm';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { registerCustomer, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

type Received = { headers: http.IncomingHttpHeaders; body: string };

describe.runIf(browserAvailable())('machine access in the browser', () => {
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  beforeAll(() => new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r())));
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));
  const ctx = useBrowserShop({
    webhooks: { allowLocalHttp: true, timeoutMs: 2000, disableAfter: 50 },
  });

  it('staff make a key and an endpoint, an order is placed, its delivery is in the log and sent again; a company key sees only its company', async () => {
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    // Staff: a key for the warehouse and an endpoint for every event.
    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await staff.page.goto('/dashboard');
    await staff.page.getByTestId('staff-sidebar').getByRole('link', { name: 'API keys' }).click();
    const keyForm = staff.page.getByTestId('api-key-form');
    await keyForm.getByLabel('Name').fill('Warehouse ERP');
    await keyForm.getByLabel(/orders:read/).check();
    await keyForm.getByRole('button', { name: 'Make key' }).click();
    const staffKey = (await staff.page.getByTestId('secret-value').textContent())!.trim();
    expect(staffKey).toMatch(/^sfk_s_/);
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await staff.page
      .getByTestId('api-key-row')
      .getByRole('cell', { name: 'Warehouse ERP', exact: true })
      .waitFor();

    await staff.page.getByTestId('staff-sidebar').getByRole('link', { name: 'Webhooks' }).click();
    const hookForm = staff.page.getByTestId('webhook-form');
    await hookForm.getByLabel('Address (https)').fill(hookUrl);
    await hookForm.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await staff.page.getByTestId('secret-value').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await staff.page.getByTestId('webhook-endpoint').getByText(hookUrl).waitFor();

    // A company owner makes a company key on the Integrations page.
    const owner = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(owner.page, { name: 'Erin ERP', email: 'erin@haulage.example.com' });
    await owner.page.evaluate(async () => {
      await fetch('/api/companies', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('accessKey')}`,
        },
        body: JSON.stringify({
          name: 'Haulage Ltd',
          taxId: 'GB 555 1234 00',
          billingAddress: { street: '1 Quay', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' },
          deliveryAddresses: [],
        }),
      });
    });
    await owner.page.goto('/dashboard/company-integrations');
    const companyForm = owner.page.getByTestId('api-key-form');
    await companyForm.getByLabel('Name').fill('Haulage ERP');
    await companyForm.getByLabel(/orders:read/).check();
    await companyForm.getByLabel(/orders:write/).check();
    await companyForm.getByRole('button', { name: 'Make key' }).click();
    const companyKey = (await owner.page.getByTestId('secret-value').textContent())!.trim();
    expect(companyKey).toMatch(/^sfk_c_/);

    // The company's ERP places an order with its key.
    const part = seedParts[0]!;
    const api = (path: string, key: string, init: RequestInit = {}) =>
      fetch(`${ctx.shop.baseURL}/api/v1${path}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          ...init.headers,
        },
      });
    const catalog = await (await api('/orders', staffKey)).json();
    const [found] = await ctx.shop.database.db
      .select()
      .from(parts)
      .where(eq(parts.name, part.name));
    const placed = await api('/orders', companyKey, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'e2e-order-0001' },
      body: JSON.stringify({
        lines: [{ partNumber: found!.sku, quantity: found!.minOrderQuantity }],
        phone: '+44 1482 000000',
        payment: 'unpaid',
        shipTo: { street: '1 Quay', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' },
      }),
    });
    const order = await placed.json();
    expect(placed.status, JSON.stringify(order)).toBe(201);

    // The webhook arrives, signed; staff see it in the log and send it again.
    const deadline = Date.now() + 15_000;
    while (received.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const event = new Webhook(secret).verify(
      received[0]!.body,
      received[0]!.headers as Record<string, string>,
    ) as {
      type: string;
      data: { id: string };
    };
    expect(event).toMatchObject({ type: 'order.placed', data: { id: order.id } });
    await staff.page.getByRole('button', { name: 'Deliveries' }).click();
    const row = staff.page.getByTestId('delivery-row').first();
    await row.getByText('order.placed').waitFor();
    await row.getByTestId('delivery-status').getByText('succeeded').waitFor({ timeout: 10_000 });
    await row.getByRole('button', { name: 'Send again' }).click();
    await expect
      .poll(() => staff.page.getByTestId('delivery-row').count(), { timeout: 10_000 })
      .toBe(2);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);

    // The company key's orders feed holds the company's order only; the staff key sees the shop's.
    const companyFeed = await (await api('/orders', companyKey)).json();
    expect(companyFeed.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const staffFeed = await (await api('/orders?limit=500', staffKey)).json();
    expect(staffFeed.orders.length).toBeGreaterThanOrEqual(catalog.orders.length + 1);
  });
});
