import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  alerts,
  formatMoney,
  lineTaxCents,
  type CompanyResponse,
  type OrderResponse,
  type PartResponse,
} from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { fillShipTo, payOnPaymentPage } from './support/checkout.js';
import { pdfText } from './support/pdf.js';
import { confirmAlert, pageApi, registerCustomer, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';
import { orderNowOf } from './support/order-now.js';

const filter = seedParts[3]!; // Panel Air Filter: minimum 40, $12.90
const pads = seedParts[0]!; // Ceramic Brake Pad Set: minimum 20, $34.50 (brakes)
const money = (cents: number) => formatMoney(cents / 100);

describe.runIf(browserAvailable())('taxes in the browser (issue 37)', () => {
  const ctx = useBrowserShop();

  it('taxes a consumer in a taxed region, not an exempt distributor, and a partial refund takes back its tax', async () => {
    // Staff configure two regions on the console's Taxes page.
    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await staff.page.goto('/dashboard/taxes');
    await staff.page.getByTestId('tax-regions-empty').waitFor();
    const form = staff.page.getByRole('form', { name: 'Add a tax region' });
    for (const [country, state, rate, key] of [
      ['GB', '', '20', 'GB'],
      ['US', 'CA', '8.25', 'US-CA'],
    ] as const) {
      await form.getByLabel('Country (two-letter code)').fill(country);
      await form.getByLabel('State or province (optional)').fill(state);
      await form.getByLabel('Rate (%)').fill(rate);
      await form.getByRole('button', { name: 'Add region' }).click();
      await staff.page
        .getByTestId('tax-regions')
        .getByRole('cell', { name: key, exact: true })
        .waitFor();
    }
    expect(await staff.page.getByTestId('tax-regions').locator('tbody tr').count()).toBe(2);

    // A consumer ships to the United Kingdom and pays net + 20% by card.
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(page, { name: 'Tina Taxed', email: 'tina@example.com' });
    await page.goto('/');
    await orderNowOf(page, filter.name).click();
    await page.getByRole('form', { name: 'Order form' }).waitFor();
    await fillShipTo(page, '7 Tax Street');
    await page.getByLabel('Quantity (minimum order)').fill('50');
    await page.getByLabel('Phone').fill('0113 496 0000');
    await page.getByRole('button', { name: 'Place order' }).click();
    await confirmAlert(page, alerts.orderPlaced);
    await page.waitForURL('**/dashboard/payment/**');
    const number = (await page.getByTestId('payment-order-number').textContent())!;
    const net = 50 * filter.priceCents;
    const tax = lineTaxCents(net, 2000);
    await payOnPaymentPage(page);
    await page.goto('/dashboard/my-orders');
    await page.getByRole('link', { name: number }).first().click();
    await page
      .getByTestId('order-receipt')
      .getByRole('heading', { name: `Order ${number}` })
      .waitFor();
    expect(await page.getByTestId('receipt-total').textContent()).toBe(money(net + tax));
    expect(await page.getByTestId('receipt-tax').textContent()).toBe(
      `${money(tax)} on ${money(net)}`,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the invoice (PDF)' }).click(),
    ]);
    const invoice = await pdfText(await fs.readFile((await download.path())!));
    for (const expected of [`Tax 20% on ${money(net)}`, money(tax), money(net + tax)])
      expect(invoice).toContain(expected);

    // The one-part order form asks the state too: shipped to California, 8.25% is charged.
    await page.goto('/');
    await orderNowOf(page, filter.name).click();
    await page.getByRole('form', { name: 'Order form' }).waitFor();
    await fillShipTo(page, '9 Sunset Blvd');
    await page.getByLabel('Country').fill('United States');
    await page.getByLabel('State or province (optional)').fill('CA');
    await page.getByLabel('Quantity (minimum order)').fill('50');
    await page.getByLabel('Phone').fill('0113 496 0000');
    await page.getByRole('button', { name: 'Place order' }).click();
    await confirmAlert(page, alerts.orderPlaced);
    await page.waitForURL('**/dashboard/payment/**');
    await page
      .getByRole('button', { name: `Pay ${money(net + lineTaxCents(net, 825))}` })
      .waitFor();

    // An exempt distributor (verified certificate for GB) pays no tax; its invoice names it.
    const dealer = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(dealer.page, { name: 'Dan Dealer', email: 'dan@example.com' });
    const company = await pageApi<CompanyResponse>(dealer.page, 'POST', '/api/companies', {
      name: 'Resale Parts Ltd',
      taxId: 'GB 1',
      billingAddress: {
        street: '1 Trade Park',
        city: 'Leeds',
        postalCode: 'LS1 1AA',
        country: 'UK',
      },
      deliveryAddresses: [],
    });
    const status = `/api/staff/companies/${company.id}/tax-status`;
    await pageApi(staff.page, 'PUT', status, {
      kind: 'exempt',
      certificateNumber: 'RESALE-GB-7',
      regions: ['GB'],
      expiresOn: '2099-12-31',
    });
    await pageApi(staff.page, 'POST', `${status}/verify`);
    const parts = await pageApi<PartResponse[]>(dealer.page, 'GET', '/api/parts');
    const part = parts.find((p) => p.name === filter.name)!;
    const exempt = await pageApi<OrderResponse>(dealer.page, 'POST', '/api/checkout', {
      lines: [{ partId: part._id, quantity: 40, unitPrice: part.price }],
      shipTo: { street: '1 Trade Park', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK' },
      phone: '0113 496 0000',
      companyId: company.id,
      payment: 'card',
    });
    expect(exempt.tax).toMatchObject({ treatment: 'exempt', tax: 0 });
    await dealer.page.goto(`/dashboard/payment/${exempt._id}`);
    await payOnPaymentPage(dealer.page);
    const exemptPdf = await dealer.page.evaluate(async (id) => {
      const res = await fetch(`/api/purchase/${id}/invoice`, {
        headers: { authorization: `Bearer ${localStorage.getItem('accessKey') ?? ''}` },
      });
      return [...new Uint8Array(await res.arrayBuffer())];
    }, exempt._id);
    const exemptText = await pdfText(Buffer.from(exemptPdf));
    expect(exemptText).toContain('Tax exempt: exemption certificate RESALE-GB-7.');
    expect(exemptText).toContain(money(40 * filter.priceCents));

    // A two-line order, paid; staff cancel one line: its refund is its gross with its tax.
    const other = parts.find((p) => p.name !== filter.name && p.availableQuantity > 100)!;
    const two = await pageApi<OrderResponse>(page, 'POST', '/api/checkout', {
      lines: [
        { partId: part._id, quantity: 40, unitPrice: part.price },
        { partId: other._id, quantity: other.mOrderQuantity, unitPrice: other.price },
      ],
      shipTo: { street: '7 Tax Street', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'UK' },
      phone: '0113 496 0000',
    });
    await page.goto(`/dashboard/payment/${two._id}`);
    await payOnPaymentPage(page);
    const second = two.lines[1]!;
    const canceled = await pageApi<{ partPrice: number }>(
      staff.page,
      'POST',
      `/api/staff/orders/${two._id}/lines/2/cancel`,
      { reason: 'Out of stock' },
    );
    expect(canceled).toBeTruthy();
    const secondGross = Math.round(second.total * 100) + Math.round(second.tax! * 100);
    expect(Math.round(second.tax! * 100)).toBe(lineTaxCents(Math.round(second.total * 100), 2000));
    let after: OrderResponse | undefined;
    for (let i = 0; i < 75; i += 1) {
      after = await pageApi<OrderResponse>(page, 'GET', `/api/purchase/${two._id}`);
      if (after.refund?.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(after?.refund).toEqual({ status: 'succeeded', amount: secondGross / 100 });
    expect(after?.tax?.tax).toBe(two.lines[0]!.tax);
    await context.close();
    await dealer.context.close();
    await staff.context.close();
  });
  it('shows the tax on the cart and the checkout before placing, for the state typed; staff set category rates and a company’s certificate in the console (390 px, axe)', async () => {
    const staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await staff.page.goto('/dashboard/taxes');
    const form = staff.page.getByRole('form', { name: 'Add a tax region' });
    await form.getByLabel('Country (two-letter code)').fill('CA');
    await form.getByLabel('State or province (optional)').fill('ON');
    await form.getByLabel('Rate (%)').fill('13');
    await form.getByRole('button', { name: 'Add region' }).click();
    // Filters pay their own rate in Ontario: set on the console's editor.
    await staff.page.getByRole('button', { name: 'Edit the rates of CA-ON' }).click();
    const editor = staff.page.getByTestId('tax-region-editor');
    await editor.getByRole('button', { name: 'Add a category rate' }).click();
    await editor.getByLabel('Category 1').selectOption('filters');
    await editor.getByLabel('Rate 1 (%)').fill('5');
    await editor.getByRole('button', { name: 'Save rates' }).click();
    await editor.waitFor({ state: 'detached' });
    await staff.page
      .getByTestId('tax-regions')
      .getByRole('cell', { name: 'filters 5%', exact: true })
      .waitFor();

    // A consumer's cart: filters at 5%, brake pads at 13% once the place is typed.
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(page, { name: 'Olive Ontario', email: 'olive@example.com' });
    const parts = await pageApi<PartResponse[]>(page, 'GET', '/api/parts');
    const idOf = (name: string) => parts.find((p) => p.name === name)!._id;
    await pageApi(page, 'POST', '/api/cart/lines', { partId: idOf(filter.name), quantity: 40 });
    await pageApi(page, 'POST', '/api/cart/lines', { partId: idOf(pads.name), quantity: 20 });
    const filterNet = 40 * filter.priceCents;
    const padsNet = 20 * pads.priceCents;
    const filterTax = lineTaxCents(filterNet, 500);
    const padsTax = lineTaxCents(padsNet, 1300);
    const gross = filterNet + padsNet + filterTax + padsTax;

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/cart');
    const estimate = page.getByTestId('cart-tax-estimate');
    await estimate.getByLabel('Ship-to country').fill('Canada');
    await estimate.getByLabel('State or province (optional)').fill('ON');
    await estimate.getByTestId('cart-tax-total').getByText(money(gross)).waitFor();
    expect(await estimate.getByTestId('cart-tax-rate').allTextContents()).toEqual([
      money(padsTax),
      money(filterTax),
    ]);
    expect(await estimate.getByText(`Tax 5% on ${money(filterNet)}`).count()).toBe(1);
    // Elsewhere in Canada the shop collects nothing: said in words.
    await estimate.getByLabel('State or province (optional)').fill('QC');
    await estimate.getByTestId('cart-tax-none').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The checkout asks the state or province and shows the total with tax before placing.
    await page.getByRole('link', { name: 'Checkout' }).click();
    const checkout = page.getByRole('form', { name: 'Checkout form' });
    await checkout.waitFor();
    await checkout.getByLabel('Address').fill('1 Front St W');
    await checkout.getByLabel('City').fill('Toronto');
    await checkout.getByLabel('Postal code').fill('M5J 2X2');
    await checkout.getByLabel('Country', { exact: true }).fill('Canada');
    await checkout.getByLabel('State or province (optional)').fill('ON');
    await checkout.getByLabel('Phone').fill('0113 496 0000');
    await page.getByTestId('checkout-total').getByText(money(gross)).waitFor();
    expect(await page.getByTestId('cart-tax-net').textContent()).toBe(money(filterNet + padsNet));
    await page.getByText('Total before tax:').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Place order' }).click();
    await confirmAlert(page, alerts.orderPlaced);
    await page.waitForURL('**/dashboard/payment/**');
    // What the page showed is what the card is asked for.
    await page.getByRole('button', { name: `Pay ${money(gross)}` }).waitFor();
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const placed = await pageApi<OrderResponse>(page, 'GET', `/api/purchase/${orderId}`);
    expect(placed.tax).toMatchObject({ region: 'CA-ON', tax: (filterTax + padsTax) / 100 });
    expect(placed.partPrice).toBe(gross / 100);

    // Staff set a dealer's exemption on its console page, upload its certificate, verify it.
    const dealer = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(dealer.page, { name: 'Owen Owner', email: 'owen@example.com' });
    const company = await pageApi<CompanyResponse>(dealer.page, 'POST', '/api/companies', {
      name: 'Ontario Resale Inc',
      taxId: 'CA 1',
      billingAddress: { street: '2 Bay St', city: 'Toronto', postalCode: 'M5J 2X3', country: 'CA' },
      deliveryAddresses: [],
    });
    await staff.page.goto(`/dashboard/companies/${company.id}`);
    const panel = staff.page.getByTestId('company-tax-status');
    await panel.getByText('Standard: orders are taxed').waitFor();
    await panel.getByLabel('Exempt (resale certificate)').check();
    await panel.getByLabel('Certificate number').fill('ON-RESALE-9');
    await panel.getByLabel('Regions covered (US-CA, GB)').fill('CA-ON');
    await panel.getByLabel('Expires on').fill('2099-06-30');
    await panel.getByRole('button', { name: 'Save the tax status' }).click();
    await panel.getByText('Not verified yet').waitFor();
    await panel.getByLabel('Certificate file (PDF or picture)').setInputFiles({
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await panel.getByRole('button', { name: 'Upload', exact: true }).click();
    await panel.getByRole('button', { name: 'Download the certificate' }).waitFor();
    await panel.getByRole('button', { name: 'Verify the certificate' }).click();
    await panel
      .getByTestId('tax-status-verified')
      .getByText(`Verified by ${demoAccounts.admin.email}`)
      .waitFor();
    expect(await seriousA11yViolations(staff.page)).toEqual([]);

    // The owner sees the exemption and the file; the cart says why no tax is charged.
    await dealer.page.goto('/dashboard/company');
    const mine = dealer.page.getByTestId('my-tax-exemption');
    await mine.getByText('Certificate ON-RESALE-9 for CA-ON').waitFor();
    await mine.getByRole('button', { name: 'Download the certificate' }).waitFor();
    await pageApi(dealer.page, 'POST', '/api/cart/lines', {
      partId: idOf(pads.name),
      quantity: 20,
    });
    await dealer.page.goto('/cart');
    const theirs = dealer.page.getByTestId('cart-tax-estimate');
    await theirs.getByLabel('Ship-to country').fill('Canada');
    await theirs.getByLabel('State or province (optional)').fill('ON');
    await theirs
      .getByTestId('cart-tax-why')
      .getByText('No tax: exemption certificate ON-RESALE-9.')
      .waitFor();
    expect(await theirs.getByTestId('cart-tax-total').textContent()).toBe(money(padsNet));
    await context.close();
    await dealer.context.close();
    await staff.context.close();
  });
});
