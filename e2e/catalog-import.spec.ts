import fs from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FITMENT_COLUMNS, PART_COLUMNS } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';
import { scaled } from './support/time.js';

type PartKey = (typeof PART_COLUMNS)[number]['key'];
type FitmentKey = (typeof FITMENT_COLUMNS)[number]['key'];

/** CSV as Excel writes it: quoted where needed, CRLF line ends. */
const csv = (rows: (string | number)[][]) =>
  rows
    .map((r) =>
      r
        .map((c) => (/[",\r\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : c))
        .join(','),
    )
    .join('\r\n') + '\r\n';

const partsFile = (rows: Partial<Record<PartKey, string | number>>[]) =>
  csv([
    PART_COLUMNS.map((c) => c.header),
    ...rows.map((r) => PART_COLUMNS.map((c) => r[c.key] ?? '')),
  ]);
const vehiclesFile = (rows: Partial<Record<FitmentKey, string | number>>[]) =>
  csv([
    FITMENT_COLUMNS.map((c) => c.header),
    ...rows.map((r) => FITMENT_COLUMNS.map((c) => r[c.key] ?? '')),
  ]);

const mount = {
  sku: 'IMP-7001',
  name: 'Whitlow Strut Mount',
  description: 'Top mount with bearing for the front strut.',
  category: 'suspension',
  price: '42.50',
  minOrderQuantity: 4,
  packSize: 2,
  stock: 120,
};
const bushes = {
  sku: 'IMP-7002',
  name: 'Whitlow Sway Bar Bushes',
  category: 'suspension',
  price: '9.80',
  minOrderQuantity: 20,
  // 7 does not divide 20: the error the first upload has.
  packSize: 7,
  stock: 400,
};
const vehicles = vehiclesFile([
  {
    sku: 'IMP-7001',
    make: 'Toyota',
    model: 'Corolla',
    yearFrom: 2014,
    yearTo: 2019,
    position: 'Front',
    note: 'Not for sport suspension',
  },
  { sku: 'IMP-7002', make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 },
]);
const PACK_ERROR = 'Pack size 7 does not divide the minimum order quantity 20';

/** The text of a file the page saved. */
const savedText = async (download: Download) =>
  (await fs.readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');

/** Clicks a button that saves a file, and gives the file. */
async function downloadBy(page: Page, name: string | RegExp): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ]);
  return download;
}

/** Uploads files from the Import catalog page; waits for the import's page and its preview. */
async function uploadAndPreview(
  page: Page,
  files: { parts: { name: string; buffer: Buffer }; vehicles?: { name: string; buffer: Buffer } },
) {
  await page.goto('/dashboard/imports');
  const form = page.getByTestId('import-upload-form');
  const mime = (name: string) =>
    name.endsWith('.xlsx')
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'text/csv';
  await form
    .getByLabel('Parts file (CSV or XLSX)')
    .setInputFiles({ ...files.parts, mimeType: mime(files.parts.name) });
  if (files.vehicles)
    await form
      .getByLabel('Vehicles file (CSV or XLSX, optional)')
      .setInputFiles({ ...files.vehicles, mimeType: mime(files.vehicles.name) });
  await form.getByRole('button', { name: 'Upload and preview' }).click();
  await page.waitForURL(/\/dashboard\/imports\/[0-9a-f-]{36}$/);
  await expect
    .poll(() => page.getByTestId('import-status').textContent(), { timeout: scaled(30_000) })
    .toBe('Preview ready');
}

/** Elements past a phone's right edge, outside the frames that scroll on purpose. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main *, [data-testid="import-details"] *')]
      .filter((el) => !el.closest('[role="region"]'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').slice(0, 40)}`),
  );

describe.runIf(browserAvailable())('catalog import in the browser', () => {
  const ctx = useBrowserShop();
  // One staff session walks the whole flow; each step is a test of its own, so a slow one fails
  // alone and says which.
  let staff: Awaited<ReturnType<typeof newPage>>;

  it('opens Import catalog from the staff menu', async () => {
    staff = await newPage(ctx.browser, ctx.shop.baseURL);
    const { page } = staff;
    await signInAs(page, demoAccounts.admin.email, demoAccounts.admin.password);
    await page.goto('/dashboard');
    await page.getByTestId('staff-sidebar').getByRole('link', { name: 'Import catalog' }).click();
    await page.getByRole('heading', { name: 'Import catalog' }).waitFor();
    expect(await page.getByTestId('blank-cells').textContent()).toContain(
      'A blank cell leaves that field as it is',
    );
    const archive = page.getByLabel('Archive parts that are not in the file');
    expect(await archive.isChecked()).toBe(false);
    await page.getByTestId('no-imports').waitFor();
    // The template downloads with every column.
    const template = await savedText(await downloadBy(page, 'Template (CSV)'));
    expect(template.split('\r\n')[0]).toBe(PART_COLUMNS.map((c) => c.header).join(','));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('uploads a file with an error: the preview names its row and column, Apply waits, the rows to fix download', async () => {
    const { page } = staff;
    await uploadAndPreview(page, {
      parts: { name: 'whitlow.csv', buffer: Buffer.from(partsFile([mount, bushes])) },
      vehicles: { name: 'whitlow-vehicles.csv', buffer: Buffer.from(vehicles) },
    });
    expect(await page.getByTestId('count-new').textContent()).toBe('New parts1');
    expect(await page.getByTestId('count-errors').textContent()).toBe('Rows with errors1');
    const error = page.getByTestId('import-error');
    expect(await error.count()).toBe(1);
    const cells = await error.first().locator('td').allTextContents();
    expect(cells).toEqual(['Parts', '3', 'IMP-7002', 'Minimum order quantity', PACK_ERROR]);

    const apply = page.getByTestId('apply-panel').getByRole('button', { name: 'Apply' });
    expect(await apply.isDisabled()).toBe(true);
    const validOnly = page.getByLabel(/^Apply the valid rows only/);
    expect(await page.getByTestId('apply-panel').textContent()).toContain(
      'leaves out 1 row with errors',
    );
    await validOnly.check();
    expect(await apply.isDisabled()).toBe(false);
    await validOnly.uncheck();

    const toFix = await savedText(await downloadBy(page, 'Download the part rows to fix (CSV)'));
    const [header, row] = toFix.trim().split('\r\n');
    expect(header).toBe(['Row', ...PART_COLUMNS.map((c) => c.header), 'Errors'].join(','));
    expect(row).toContain('IMP-7002');
    expect(row).toContain(PACK_ERROR);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => page.getByTestId('import-status').textContent()).toBe('Discarded');
    expect(await page.getByTestId('import-outcome').textContent()).toContain(
      'nothing in the catalog changed',
    );
  });

  it('fixes the file, previews it field by field and applies it', async () => {
    const { page } = staff;
    await uploadAndPreview(page, {
      parts: {
        name: 'whitlow-fixed.csv',
        buffer: Buffer.from(partsFile([mount, { ...bushes, packSize: 5 }])),
      },
      vehicles: { name: 'whitlow-vehicles.csv', buffer: Buffer.from(vehicles) },
    });
    expect(await page.getByTestId('count-new').textContent()).toBe('New parts2');
    expect(await page.getByTestId('count-errors').textContent()).toBe('Rows with errors0');
    expect(await page.getByTestId('count-vehicles').textContent()).toBe('Vehicles2for 2 parts');
    const changes = page.getByTestId('import-change');
    await expect.poll(() => changes.count()).toBe(2);
    const first = changes.filter({ hasText: 'IMP-7001' });
    expect(await first.getByRole('row', { name: /^Price/ }).textContent()).toContain('$42.50');
    // The stock figure says what it means when orders arrive before the apply.
    expect(await first.getByRole('row', { name: /^Stock/ }).textContent()).toContain(
      'As of the preview',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    // On a phone the changes' tables fit the screen; nothing but a table's own frame is wider.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowing(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByTestId('apply-panel').getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByTestId('import-status').textContent(), { timeout: scaled(30_000) })
      .toBe('Applied');
    expect(await page.getByTestId('import-outcome').textContent()).toContain(
      '2 new, 0 changed, vehicles replaced for 2 parts',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: '← Import catalog' }).click();
    const rows = page.getByTestId('import-row');
    await expect.poll(() => rows.count()).toBe(2);
    // The list may first show what it held before the apply, while it asks again.
    await expect.poll(() => rows.first().textContent()).toContain('Applied');
    expect(await rows.first().textContent()).toContain(demoAccounts.admin.email);
    expect(await rows.nth(1).textContent()).toContain('Discarded');
  });

  it('shows the new parts in search, with the position and note for the vehicle and on the part page', async () => {
    const { page } = staff;
    // The search index follows the catalog within a few seconds: reload until it has.
    await expect
      .poll(
        async () => {
          await page.goto('/parts?q=whitlow');
          await page.getByRole('heading', { name: /^[\d,]+ parts?\b|^No parts match/ }).waitFor();
          return page.getByTestId('part-card').getByRole('heading', { level: 3 }).allTextContents();
        },
        { timeout: scaled(15_000), interval: 500 },
      )
      .toEqual(expect.arrayContaining([mount.name, bushes.name]));

    await page.goto('/parts?q=whitlow&make=Toyota&model=Corolla&year=2015');
    const card = page.getByTestId('part-card').filter({ hasText: mount.name });
    await card.getByTestId('vehicle-fitment').waitFor();
    expect(await card.getByTestId('vehicle-fitment').textContent()).toBe(
      'Toyota Corolla 2014–2019 · Front — Not for sport suspension',
    );
    // A vehicle row with neither position nor note adds nothing to the badge.
    const plain = page.getByTestId('part-card').filter({ hasText: bushes.name });
    expect(await plain.getByTestId('fit-badge').textContent()).toBe('Fits your vehicle');
    expect(await plain.getByTestId('vehicle-fitment').count()).toBe(0);

    // The part page, as the server draws it and as the app draws it, has the same vehicle table.
    const served = await (await page.request.get(`/parts/${mount.sku}`)).text();
    const table = /<table class="table" data-testid="fitment-table">(.*?)<\/table>/.exec(
      served,
    )?.[1];
    const serverCells = [...(table ?? '').matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((m) => m[1]);
    expect(serverCells).toEqual([
      'Make',
      'Model',
      'Years',
      'Position',
      'Note',
      'Toyota',
      'Corolla',
      '2014–2019',
      'Front',
      'Not for sport suspension',
    ]);
    await card.getByRole('link', { name: mount.name, exact: true }).click();
    const appTable = page.getByTestId('fitment-table');
    await appTable.waitFor();
    expect(await appTable.locator('th, td').allTextContents()).toEqual(serverCells);
  });

  it('exports the filtered parts list and imports the export again: 0 changed', async () => {
    const { page } = staff;
    await page.goto('/dashboard/parts?q=IMP-70');
    await expect.poll(() => page.getByTestId('staff-part-row').count()).toBe(2);
    const exported = await downloadBy(page, 'Export XLSX');
    const buffer = await fs.readFile((await exported.path())!);
    expect(buffer.subarray(0, 2).toString()).toBe('PK');

    await uploadAndPreview(page, { parts: { name: exported.suggestedFilename(), buffer } });
    expect(await page.getByTestId('count-changed').textContent()).toBe('Changed0');
    expect(await page.getByTestId('count-new').textContent()).toBe('New parts0');
    expect(await page.getByTestId('nothing-to-change').textContent()).toBe(
      'Nothing to change: 2 parts unchanged.',
    );
    expect(await page.getByTestId('changes-shown').textContent()).toBe(
      'No parts to add or change.',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    // On a phone nothing but the tables' own frames is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowing(page)).toEqual([]);
    await page.goto('/dashboard/imports');
    await page.getByTestId('imports-table').waitFor();
    expect(await overflowing(page)).toEqual([]);
    await staff.context.close();
  });
});
