import { describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import type { CompanyResponse } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { pageApi, registerCustomer, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';
import { scaled } from './support/time.js';

/** The VCdb's text edition: header line, pipes. */
const table = (rows: (string | number)[][]) => rows.map((r) => r.join('|')).join('\r\n') + '\r\n';
const vcdb = {
  baseVehicle: table([
    ['BaseVehicleID', 'YearID', 'MakeID', 'ModelID'],
    [5001, 2014, 54, 2285],
    [5002, 2015, 54, 2285],
  ]),
  make: table([
    ['MakeID', 'MakeName'],
    [54, 'Toyota'],
  ]),
  model: table([
    ['ModelID', 'ModelName', 'VehicleTypeID'],
    [2285, 'Corolla', 5],
  ]),
  position: table([
    ['PositionID', 'Position'],
    [22, 'Front'],
  ]),
  version: table([['VersionDate'], ['2026-09-30']]),
};

/** Two applications of the demo brake pads (IC-1001), and two that do not map. */
const aces = `<?xml version="1.0" encoding="UTF-8"?>
<ACES version="4.2">
  <Header>
    <Company>Iron Coast Parts</Company>
    <TransferDate>2026-11-26</TransferDate>
    <SubmissionType>FULL</SubmissionType>
    <VcdbVersionDate>2026-09-30</VcdbVersionDate>
  </Header>
  <App action="A" id="1"><BaseVehicle id="5001"/><Note>With hardware</Note><Qty>2</Qty><PartType id="1684"/><Position id="22"/><Part>IC-1001</Part></App>
  <App action="A" id="2"><BaseVehicle id="5002"/><Note>With hardware</Note><Qty>2</Qty><PartType id="1684"/><Position id="22"/><Part>IC-1001</Part></App>
  <App action="A" id="3"><BaseVehicle id="9999"/><Qty>2</Qty><PartType id="1684"/><Position id="22"/><Part>IC-1001</Part></App>
  <App action="A" id="4"><BaseVehicle id="5001"/><Qty>1</Qty><PartType id="1684"/><Part>NOPE-1</Part></App>
  <Footer><RecordCount>4</RecordCount></Footer>
</ACES>
`;

describe.runIf(browserAvailable())('ACES import in the browser', () => {
  const ctx = useBrowserShop();

  it('uploads the VCdb, previews an ACES file with two unmapped applications, applies it, and finds the part by its vehicle with the position', async () => {
    const { page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.admin.email, demoAccounts.admin.password);
    await page.goto('/dashboard');
    await page.getByTestId('staff-sidebar').getByRole('link', { name: 'ACES and PIES' }).click();
    await page.getByRole('heading', { name: 'ACES and PIES files' }).waitFor();
    expect(await page.getByTestId('vcdb-current').textContent()).toContain('No VCdb yet');

    const file = (name: string, text: string) => ({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from(text),
    });
    await page
      .getByLabel('BaseVehicle table')
      .setInputFiles(file('BaseVehicle.txt', vcdb.baseVehicle));
    await page.getByLabel('Make table').setInputFiles(file('Make.txt', vcdb.make));
    await page.getByLabel('Model table').setInputFiles(file('Model.txt', vcdb.model));
    await page
      .getByLabel('Position table (optional)')
      .setInputFiles(file('Position.txt', vcdb.position));
    await page
      .getByLabel('Version file (optional)')
      .setInputFiles(file('Version.txt', vcdb.version));
    await page
      .getByRole('form', { name: 'Upload a VCdb release' })
      .getByRole('button', { name: 'Upload to preview' })
      .click();
    await page.getByRole('heading', { name: 'Preview: VCdb of 2026-09-30' }).waitFor();
    expect(await page.getByTestId('vcdb-remap-counts').textContent()).toContain(
      'Of the 0 stored applications, 0 no longer resolve',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Apply this release' }).click();
    await expect
      .poll(() => page.getByTestId('vcdb-current').textContent())
      .toContain('Current VCdb: 2026-09-30 (2 base vehicles');

    await page.getByLabel('ACES file', { exact: true }).setInputFiles({
      name: 'iron-coast.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(aces),
    });
    await page
      .getByRole('form', { name: 'Preview an ACES file' })
      .getByRole('button', { name: 'Upload to preview' })
      .click();
    await page.waitForURL(/\/dashboard\/imports\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.getByTestId('import-status').textContent(), { timeout: scaled(30_000) })
      .toBe('Preview ready');
    await page.getByRole('heading', { name: '2 applications not mapped' }).waitFor();
    expect(await page.getByTestId('aces-unmapped-reasons').locator('li').allTextContents()).toEqual(
      expect.arrayContaining(['Unknown VCdb base vehicle id: 1', 'Unknown part number: 1']),
    );
    expect(await page.getByTestId('import-notes').textContent()).toContain(
      'ACES 4.2, FULL from Iron Coast Parts: 4 applications',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByTestId('apply-panel').getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByTestId('import-status').textContent(), { timeout: scaled(30_000) })
      .toBe('Applied');

    // The search index follows the catalog within a few seconds: reload until it has.
    await expect
      .poll(
        async () => {
          await page.goto('/parts?make=Toyota&model=Corolla&year=2015');
          await page.getByRole('heading', { name: /^[\d,]+ parts?\b|^No parts match/ }).waitFor();
          const card = page
            .getByTestId('part-card')
            .filter({ hasText: 'Ceramic Brake Pad Set (Front Axle)' });
          return (await card.count()) > 0
            ? card.getByTestId('vehicle-fitment').textContent()
            : null;
        },
        { timeout: scaled(15_000), interval: 500 },
      )
      .toBe('Toyota Corolla 2014–2015 · Front — With hardware');
  });
  it('staff open the catalog feeds to a company in the console; its owner downloads them at 390 px', async () => {
    const owner = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(owner.page, { name: 'Fay Feeds', email: 'fay@example.com' });
    const company = await pageApi<CompanyResponse>(owner.page, 'POST', '/api/companies', {
      name: 'Feed Distribution Ltd',
      taxId: 'GB 2',
      billingAddress: { street: '2 Dock Road', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' },
      deliveryAddresses: [],
    });
    await owner.page.setViewportSize({ width: 390, height: 844 });
    await owner.page.goto('/dashboard/company');
    const feeds = owner.page.getByRole('region', { name: 'Catalog feeds' });
    await feeds.getByText('Ask us to open the catalog feeds').waitFor();

    const { page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.admin.email, demoAccounts.admin.password);
    await page.goto(`/dashboard/companies/${company.id}`);
    const open = page.getByRole('checkbox', { name: /may download the catalog feeds/ });
    await Promise.all([
      page.waitForResponse(
        (res) => res.request().method() === 'PUT' && res.url().endsWith('/catalog-feed'),
      ),
      open.check(),
    ]);
    await page.reload();
    await open.waitFor();
    expect(await open.isChecked()).toBe(true);

    await owner.page.reload();
    await feeds.getByTestId('catalog-feeds').waitFor();
    const [download] = await Promise.all([
      owner.page.waitForEvent('download'),
      feeds.getByRole('button', { name: /Download CSV/ }).click(),
    ]);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    expect(csv).toContain('IC-1001');
    expect(await seriousA11yViolations(owner.page)).toEqual([]);
  });
});
