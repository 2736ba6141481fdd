import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lineTaxCents,
  type CompanyResponse,
  type CreatedApiKey,
  type CreatedWebhookEndpoint,
  type OrdersFeedPage,
  type V1Order,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';

type Who = { auth: Record<string, string> } | null;
const shipTo = { street: '1 Quay', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' };

/**
 * Issue 37: "CSV exports, the order feed and webhooks carry net, tax and gross", through the real
 * routes: the v1 answer of a placed order, the order feed's page and the signed webhook body.
 */
describe('the order feed and webhooks carry net, tax and gross', () => {
  const received: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  beforeAll(() => new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r())));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

  const ctx = useTestApp(
    {
      authRateLimit: false,
      mailRateLimit: false,
      webhooks: { allowLocalHttp: true, timeoutMs: 400, disableAfter: 3 },
    },
    { webhookLookup: async () => [{ address: '127.0.0.1', family: 4 }] },
  );
  const db = () => ctx.database.db;
  const call = (who: Who, method: string, path: string, payload?: unknown, headers = {}) =>
    ctx.app.inject({
      method: method as 'GET',
      url: path,
      headers: { ...(who ? who.auth : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('answers, lists and signs the net, the tax per line and the gross of a taxed order', async () => {
    const staff = await admin(ctx.app, db());
    expect(
      (await call(staff, 'POST', '/api/staff/tax-regions', { country: 'GB', rate: 20 })).statusCode,
    ).toBe(201);
    const hook = (
      await call(staff, 'POST', '/api/staff/webhooks', { url: url('/shop') })
    ).json<CreatedWebhookEndpoint>();
    const owner = await customer(ctx.app);
    const company = (
      await call(owner, 'POST', '/api/companies', {
        name: 'Feed Taxed Ltd',
        taxId: 'GB 5',
        billingAddress: shipTo,
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    await call(staff, 'PUT', `/api/staff/companies/${company.id}/terms`, {
      termsDays: 30,
      creditLimit: 100_000,
    });
    const key = (
      await call(owner, 'POST', `/api/companies/${company.id}/api-keys`, {
        name: 'ERP',
        scopes: ['orders:read', 'orders:write'],
      })
    ).json<CreatedApiKey>();
    const bearer = { auth: { authorization: `Bearer ${key.secret}` } };
    const part = await insertPart(db(), { price: 12.34, minOrderQuantity: 1 });

    const placed = await call(
      bearer,
      'POST',
      '/api/v1/orders',
      {
        lines: [{ partNumber: part.sku, quantity: 3 }],
        phone: '+44 1 2345',
        shipTo,
        payment: 'account',
      },
      { 'idempotency-key': 'tax-feed-1' },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const net = 3 * 1234;
    const tax = lineTaxCents(net, 2000);
    const expected = {
      netCents: net,
      taxCents: tax,
      totalCents: net + tax,
      tax: { treatment: 'standard', region: 'GB' },
      lines: [{ totalCents: net, taxRateBp: 2000, taxCents: tax }],
    };
    const order = placed.json<V1Order>();
    expect(order).toMatchObject(expected);

    const feed = (await call(bearer, 'GET', '/api/v1/orders?limit=50')).json<OrdersFeedPage>();
    expect(feed.orders.find((o) => o.id === order.id)).toMatchObject(expected);

    await ctx.app.storefront.webhooks.runDue();
    const events = received
      .filter((r) => r.path === '/shop')
      .map(
        (r) =>
          new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as {
            type: string;
            data: V1Order;
          },
      );
    const placedEvent = events.find((e) => e.type === 'order.placed' && e.data.id === order.id);
    expect(placedEvent?.data).toMatchObject(expected);
  });
});
