import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { alerts, formatMoney } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { fillShipTo, payOnPaymentPage } from './support/checkout.js';
import { pdfText } from './support/pdf.js';
import { confirmAlert, pageApi, registerCustomer, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

/**
 * What the company's member pays a piece at the part's minimum: the fixed price of the largest
 * break at or below it, or else 35% off the list, rounded half up.
 */
const memberPrice = (item: { price: number; mOrderQuantity: number }) => {
  const breaks = Math.floor(item.mOrderQuantity / 10);
  return breaks >= 1
    ? formatMoney(Number(fixed(item, Math.min(breaks, 10) - 1)))
    : formatMoney(Math.floor((Math.round(item.price * 100) * 6500 + 5000) / 10_000) / 100);
};

/** The fixed price of the `i`th break (from `(i + 1) * 10` pieces): below the public price. */
const fixed = (item: { price: number }, i: number) => (item.price * (0.9 - i * 0.02)).toFixed(2);

/*
 * Staff's price lists in the console (issue 36): make a list, import 100 fixed prices, assign it
 * to a company and explain a price. A step per test, sharing one staff page.
 */
describe.runIf(browserAvailable())('price lists in the console', () => {
  const ctx = useBrowserShop();
  let page: Page;
  let items: { _id: string; sku: string; name: string; price: number; mOrderQuantity: number }[] =
    [];
  let skus: string[] = [];

  beforeAll(async () => {
    // A company to assign the list to, made by a customer.
    const buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(buyer.page, demoAccounts.customer.email, demoAccounts.customer.password);
    await pageApi(buyer.page, 'POST', '/api/companies', {
      name: 'Price List Haulage Ltd',
      taxId: 'GB 123 4567 89',
      billingAddress: {
        street: '1 Dock Road',
        city: 'Leeds',
        postalCode: 'LS1 4AP',
        country: 'UK',
      },
      deliveryAddresses: [],
    });
    await buyer.context.close();
    ({ page } = await newPage(ctx.browser, ctx.shop.baseURL));
    await signInAs(page, demoAccounts.admin.email, demoAccounts.admin.password);
    const catalog = await pageApi<{ items: typeof items }>(page, 'GET', '/api/catalog?pageSize=10');
    items = catalog.items;
    skus = items.map((i) => i.sku);
    expect(skus).toHaveLength(10);
  });

  it('makes a list and opens it', async () => {
    await page.goto('/dashboard/price-lists');
    await page.getByTestId('price-lists-empty').waitFor();
    const form = page.getByRole('form', { name: 'Make the list' });
    await form.getByLabel('Name').fill('Fleet 2027');
    await form.getByLabel('Percent off every part (optional)').fill('35');
    await form.getByRole('button', { name: 'Make the list' }).click();
    await page.getByTestId('price-list-name').getByText('Fleet 2027').waitFor();
    expect(await page.getByTestId('price-list-validity').textContent()).toContain(
      'always (active)',
    );
  });

  it('refuses pasted lines it cannot read, naming them, and saves nothing', async () => {
    const form = page.getByRole('form', { name: 'Add fixed prices' });
    await form.getByRole('textbox').fill(`${skus[0]}, 10, 41.20\nnot a line`);
    await form.getByRole('button', { name: 'Save the prices' }).click();
    await form.getByText('Line 2: "not a line"').waitFor();
    await page.getByTestId('entries-empty').waitFor();
  });

  it('imports 100 fixed prices from a file, ten breaks for each of ten parts: preview, then apply', async () => {
    const rows = items.flatMap((item) =>
      Array.from({ length: 10 }, (_, i) => `${item.sku},${(i + 1) * 10},${fixed(item, i)}`),
    );
    const file = {
      name: 'fleet-2027.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Part number,From quantity,Price\r\n${rows.join('\r\n')}\r\n`),
    };
    const form = page.getByRole('form', { name: 'Import fixed prices' });
    await form.getByLabel(/A CSV or XLSX file/).setInputFiles(file);
    await form.getByRole('button', { name: 'Preview the file' }).click();
    const preview = page.getByTestId('entries-preview');
    await preview.getByText('Preview of fleet-2027.csv').waitFor();
    expect(await page.getByTestId('entries-count-new').locator('dd').textContent()).toBe('100');
    // Nothing is written before the apply.
    await page.getByTestId('entries-empty').waitFor();
    await preview.getByRole('button', { name: 'Apply the changes' }).click();
    await preview.getByText('Applied fleet-2027.csv: 100 added, 0 changed, 0 removed.').waitFor();
    await expect
      .poll(() => page.getByTestId('price-list-entries').locator('tbody tr').count())
      .toBe(100);
    // The same file again changes nothing.
    await form.getByLabel(/A CSV or XLSX file/).setInputFiles(file);
    await form.getByRole('button', { name: 'Preview the file' }).click();
    await page
      .getByTestId('entries-nothing-to-change')
      .getByText('Nothing to change: 100 fixed prices unchanged.')
      .waitFor();
    await preview.getByRole('button', { name: 'Discard' }).click();
    await preview.waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('assigns the list to a company with a priority', async () => {
    const form = page.getByRole('form', { name: 'Assign to a company' });
    await form.getByLabel('Company').selectOption({ label: 'Price List Haulage Ltd' });
    await form.getByLabel('Priority').fill('5');
    await form.getByRole('button', { name: 'Assign' }).click();
    const row = page
      .getByTestId('assigned-companies')
      .getByRole('row', { name: /Price List Haulage Ltd/ });
    await row.getByText('5', { exact: true }).waitFor();
  });

  it('explains a price: the fixed price from 30 pieces, and the percentage below the first break', async () => {
    const form = page.getByRole('form', { name: 'Explain a price' });
    await form.getByLabel('Company').selectOption({ label: 'Price List Haulage Ltd' });
    await form.getByLabel('Part number').fill(skus[0]!);
    await form.getByLabel('Quantity').fill('35');
    await form.getByRole('button', { name: 'Explain' }).click();
    const summary = page.getByTestId('price-explanation-summary');
    await summary
      .getByText(
        `Fleet 2027: fixed ${formatMoney(Number(fixed(items[0]!, 2)))} from 30 pieces; list price`,
        {
          exact: false,
        },
      )
      .waitFor();
    await form.getByLabel('Quantity').fill('5');
    await form.getByRole('button', { name: 'Explain' }).click();
    await summary.getByText(/^Fleet 2027: 35% off the list: /).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("shows the company's member their price on the part page; a plain customer the list price", async () => {
    const item = items[0]!;
    const expected = memberPrice(item);
    const member = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(member.page, demoAccounts.customer.email, demoAccounts.customer.password);
    await member.page.goto(`/parts/${item._id}`);
    const price = member.page.getByTestId('part-price').first();
    await price.getByText('Your price').waitFor();
    expect(await price.textContent()).toContain(expected);
    expect(await price.locator('s').textContent()).toContain(formatMoney(item.price));
    // The company page shows its members their contract, and why a part costs what it does.
    await member.page.goto('/dashboard/company');
    await member.page
      .getByTestId('company-price-lists')
      .getByText(/^Fleet 2027: always/)
      .waitFor();
    const why = member.page.getByRole('form', { name: 'Why this price' });
    await why.getByLabel('Part number').fill(item.sku);
    await why.getByLabel('Quantity').fill('35');
    await why.getByRole('button', { name: 'Why this price' }).click();
    await member.page
      .getByTestId('company-price-why')
      .getByText(`${formatMoney(Number(fixed(item, 2)))} a piece: Fleet 2027: fixed`)
      .waitFor();
    expect(await seriousA11yViolations(member.page)).toEqual([]);
    await member.context.close();

    const plain = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(plain.page, { name: 'Plain Buyer', email: 'plain-prices@example.com' });
    await plain.page.goto(`/parts/${item._id}`);
    const shown = plain.page.getByTestId('part-price').first();
    await shown.getByText(formatMoney(item.price)).waitFor();
    expect(await shown.textContent()).not.toContain('Your price');
    await plain.context.close();
  });

  it('charges the member their price: the cart line, the order and its invoice', async () => {
    const item = items[0]!;
    const member = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(member.page, demoAccounts.customer.email, demoAccounts.customer.password);
    await member.page.goto(`/parts/${item._id}`);
    await member.page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
    await member.page.getByTestId('cart-count').getByText('1').waitFor();
    await member.page.goto('/cart');
    await member.page.getByText(`Your price ${memberPrice(item)} a piece`).waitFor();
    await member.page.getByRole('link', { name: 'Checkout' }).click();
    await member.page.getByRole('form', { name: 'Checkout form' }).waitFor();
    expect(
      await member.page.getByRole('radio', { name: 'Price List Haulage Ltd' }).isChecked(),
    ).toBe(true);
    await fillShipTo(member.page);
    await member.page.getByLabel('Phone').fill('0123456789');
    await member.page.getByRole('button', { name: 'Place order' }).click();
    await confirmAlert(member.page, alerts.orderPlaced);
    const number = (await member.page.getByTestId('payment-order-number').textContent())!;
    await payOnPaymentPage(member.page);
    await member.page.goto('/dashboard/my-orders');
    await member.page.getByRole('link', { name: number }).first().click();
    await member.page.getByTestId('order-receipt').waitFor();
    const [download] = await Promise.all([
      member.page.waitForEvent('download'),
      member.page.getByRole('button', { name: 'Download the invoice (PDF)' }).click(),
    ]);
    const invoice = await pdfText(await fs.readFile((await download.path())!));
    expect(invoice).toContain(item.name);
    expect(invoice).toContain(memberPrice(item));
    expect(invoice).not.toContain(formatMoney(item.price));
    await member.context.close();
  });

  it('gives a customer group the list: its member, buying for themselves, sees their price', async () => {
    const person = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(person.page, { name: 'Group Buyer', email: 'group-buyer@example.com' });

    await page.goto('/dashboard/price-lists');
    const make = page.getByRole('form', { name: 'Make a customer group' });
    await make.getByLabel('Group name').fill('Trade counter');
    await make.getByRole('button', { name: 'Make the group' }).click();
    const card = page.getByTestId('customer-group').filter({ hasText: 'Trade counter' });
    await card.getByRole('button', { name: 'Members of Trade counter' }).click();
    const add = page.getByRole('form', { name: 'Add a customer to Trade counter' });
    await add.getByLabel("Customer's email").fill('group-buyer@example.com');
    await add.getByRole('button', { name: 'Add' }).click();
    await card.getByText('Group Buyer <group-buyer@example.com>').waitFor();

    await page.getByRole('link', { name: 'Fleet 2027' }).click();
    const assign = page.getByRole('form', { name: 'Assign to a customer group' });
    await assign.getByLabel('Customer group').selectOption({ label: 'Trade counter' });
    await assign.getByLabel('Priority').fill('1');
    await assign.getByRole('button', { name: 'Assign to the group' }).click();
    await page
      .getByTestId('assigned-groups')
      .getByRole('cell', { name: 'Trade counter', exact: true })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 35% off the list for the item below its first fixed break.
    const item = items.find((i) => i.mOrderQuantity < 10) ?? items[0]!;
    await person.page.goto(`/parts/${item._id}`);
    const price = person.page.getByTestId('part-price').first();
    await price.getByText('Your price').waitFor();
    expect(await price.locator('s').textContent()).toContain(formatMoney(item.price));
    await person.context.close();
  });
});
