import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alerts } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { mailedLink } from './support/mail.js';
import { confirmAlert, registerCustomer, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

const part = seedParts[2]!;

/** The invitation's link (`/company/join#<code>`) in the newest mail to `to` in the outbox. */
async function inviteLink(outboxDir: string, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = await fs.readdir(outboxDir).catch(() => [] as string[]);
    for (const f of files) {
      const text = (await fs.readFile(path.join(outboxDir, f), 'utf8')).replace(/=\r?\n/g, '');
      const link = text.includes(`To: ${to}`)
        ? /(https?:\/\/\S+\/company\/join#[A-Za-z0-9_-]+)/.exec(text)?.[1]
        : undefined;
      if (link) return link.replace(/=3D/g, '=');
    }
    if (Date.now() > deadline) throw new Error(`No invitation to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/*
 * One company's story, a step per test: each step has its own time limit, so one slow step on a
 * busy machine fails that step, not the whole story. The steps share the pages and run in order.
 */
describe.runIf(browserAvailable())('companies in the browser', () => {
  const ctx = useBrowserShop();
  type Opened = Awaited<ReturnType<typeof newPage>>;
  let owner: Opened;
  let staff: Opened;
  let colleague: Opened;

  afterAll(async () => {
    await Promise.all([owner, staff, colleague].map((p) => p?.context.close()));
  });

  it('creates a company with a delivery address, and adds a second later', async () => {
    owner = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(owner.page, { name: 'Olive Owner', email: 'olive@fleet.example.com' });
    await owner.page.goto('/dashboard/company');
    const form = owner.page.getByRole('form', { name: 'Create a company' });
    await form.getByLabel('Company name').fill('Fleet Motors Ltd');
    await form.getByLabel('Tax/VAT id').fill('GB 123 4567 89');
    await form.getByLabel('Street', { exact: true }).fill('12 Dock Road');
    await form.getByLabel('City', { exact: true }).fill('Leeds');
    await form.getByLabel('Postal code', { exact: true }).fill('LS1 4AP');
    await form.getByLabel('Country', { exact: true }).fill('United Kingdom');
    await form.getByLabel('Delivery label').fill('Workshop');
    await form.getByLabel('Delivery street').fill('3 Mill Lane');
    await form.getByLabel('Delivery city').fill('Leeds');
    await form.getByLabel('Delivery postal code').fill('LS2 7QT');
    await form.getByLabel('Delivery country').fill('United Kingdom');
    await form.getByRole('button', { name: 'Create company' }).click();
    await owner.page.getByTestId('company-name').getByText('Fleet Motors Ltd').waitFor();
    expect(await seriousA11yViolations(owner.page)).toEqual([]);
    // A second delivery address, added later.
    await owner.page.getByRole('button', { name: 'Edit details and addresses' }).click();
    const edit = owner.page.getByRole('form', { name: 'Edit the company' });
    await edit.getByRole('button', { name: 'Add a delivery address' }).click();
    await edit.getByLabel('Delivery 2 label').fill('Depot');
    await edit.getByLabel('Delivery 2 street').fill('9 Canal Wharf');
    await edit.getByLabel('Delivery 2 city').fill('Leeds');
    await edit.getByLabel('Delivery 2 postal code').fill('LS11 5PS');
    await edit.getByLabel('Delivery 2 country').fill('United Kingdom');
    await edit.getByRole('button', { name: 'Save' }).click();
    await owner.page.getByText('Depot: 9 Canal Wharf, LS11 5PS Leeds, United Kingdom').waitFor();
  });

  it('lets the owner invite a colleague as a buyer', async () => {
    const invite = owner.page.getByRole('form', { name: 'Invite a colleague' });
    await invite.getByLabel("Colleague's email").fill('cole@fleet.example.com');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await owner.page.getByTestId('invite-sent').waitFor();
  });

  it('lets staff approve payment on account: 30 days, a $5,000 limit', async () => {
    staff = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await staff.page.goto('/dashboard');
    await staff.page.getByTestId('staff-sidebar').getByRole('link', { name: 'Companies' }).click();
    await staff.page.getByRole('link', { name: 'Fleet Motors Ltd' }).click();
    const terms = staff.page.getByRole('form', { name: 'Payment on account' });
    await terms.getByLabel('Terms (days)').fill('30');
    await terms.getByLabel('Credit limit').fill('5000');
    await terms.getByRole('button', { name: 'Approve terms' }).click();
    await staff.page
      .getByTestId('staff-standing')
      .getByText(/Approved: 30 days/)
      .waitFor();
  });

  it('lets the colleague join once their address is proved', async () => {
    colleague = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(colleague.page, { name: 'Cole Buyer', email: 'cole@fleet.example.com' });
    const joinLink = await inviteLink(ctx.shop.outboxDir, 'cole@fleet.example.com');
    await colleague.page.goto(joinLink);
    await colleague.page.getByRole('button', { name: 'Accept the invitation' }).click();
    // Not yet proved: refused, with what to do.
    await colleague.page
      .getByTestId('join-error')
      .getByText(/Confirm your e-mail address/)
      .waitFor();
    const verify = await mailedLink(ctx.shop.outboxDir, 'cole@fleet.example.com', '/verify-email');
    await colleague.page.goto(verify);
    await colleague.page.getByText('Your email address is confirmed.').waitFor();
    await colleague.page.goto(joinLink);
    await colleague.page.getByRole('button', { name: 'Accept the invitation' }).click();
    await colleague.page.getByTestId('company-joined').getByText('You are now a buyer').waitFor();
  });

  it('lets the colleague order on account for the company', async () => {
    await colleague.page.evaluate(
      async ({ partName }) => {
        const headers = {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('accessKey')}`,
        };
        const list = await (await fetch('/api/parts?limit=50', { headers })).json();
        const found = (list.parts ?? list).find((p: { name: string }) => p.name === partName);
        await fetch('/api/cart/lines', {
          method: 'POST',
          headers,
          body: JSON.stringify({ partId: found._id, quantity: found.mOrderQuantity }),
        });
      },
      { partName: part.name },
    );
    await colleague.page.goto('/checkout');
    const choice = colleague.page.getByTestId('company-choice');
    await choice.getByLabel('Fleet Motors Ltd').check();
    await choice.getByLabel(/On account \(30 days/).check();
    await choice.getByRole('button', { name: 'Ship to Workshop' }).click();
    await colleague.page.getByLabel('Phone').fill('0113 496 0002');
    expect(await seriousA11yViolations(colleague.page)).toEqual([]);
    await colleague.page.getByRole('button', { name: 'Place order on account' }).click();
    await confirmAlert(colleague.page, alerts.orderPlaced);
    await colleague.page.waitForURL('**/dashboard/my-orders/**');
    await colleague.page.getByText(/On the company.s account/).waitFor();
  });

  it("shows the owner the order among the company's, with who placed it", async () => {
    await owner.page.goto('/dashboard/company-orders');
    const row = owner.page.getByTestId('company-order').first();
    await row.getByText('Cole Buyer').waitFor();
    expect(await row.textContent()).toContain('On account');
  });

  it('lets staff record the payment received by bank transfer', async () => {
    await staff.page.goto('/dashboard/invoices');
    const invoice = staff.page.getByTestId('invoice-row').first();
    await invoice.getByText('Fleet Motors Ltd').waitFor();
    await invoice.getByLabel('Reference').first().fill('BACS 20261124');
    await invoice.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => staff.page.getByText('None.').count()).toBe(2);
    await staff.page.getByTestId('staff-sidebar').getByRole('link', { name: 'Companies' }).click();
    await staff.page.getByRole('link', { name: 'Fleet Motors Ltd' }).click();
    await staff.page
      .getByTestId('invoice-figures')
      .getByText(/open \$0\.00/)
      .waitFor();
    expect(await staff.page.getByText(/received \d{4}-\d{2}-\d{2} \(BACS 20261124\)/).count()).toBe(
      1,
    );
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
  });
});
