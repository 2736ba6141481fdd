import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanyResponse,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  V1Order,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { recordRefund } from '../orders/orders.service.js';
import { emitEvent } from './events.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.tables.js';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
type Who = { auth: Record<string, string> } | null;
const shipTo = { street: '1 Quay', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' };

/** A local receiver: each path answers as told, and everything received is kept. */
function receiver() {
  const received: Received[] = [];
  const answers = new Map<string, (res: http.ServerResponse) => void>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const answer = answers.get(req.url ?? '');
      if (answer) answer(res);
      else res.writeHead(204).end();
    });
  });
  return {
    received,
    answers,
    server,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
  };
}

describe('webhooks', () => {
  const hooks = receiver();
  beforeAll(() => new Promise<void>((r) => hooks.server.listen(0, '127.0.0.1', () => r())));
  afterAll(() => new Promise<void>((r) => hooks.server.close(() => r())));
  const ctx = useTestApp(
    {
      authRateLimit: false,
      mailRateLimit: false,
      webhooks: { allowLocalHttp: true, timeoutMs: 400, disableAfter: 3 },
    },
    {
      webhookLookup: async (name) =>
        name === 'private.example'
          ? [{ address: '10.0.0.7', family: 4 }]
          : [{ address: '127.0.0.1', family: 4 }],
    },
  );
  const db = () => ctx.database.db;
  const call = (who: Who, method: string, url: string, payload?: unknown, headers = {}) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(who ? who.auth : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  let staffMember: Awaited<ReturnType<typeof admin>> | undefined;
  const staff = async () => (staffMember ??= await admin(ctx.app, db()));
  const run = () => ctx.app.storefront.webhooks.runDue();

  async function staffEndpoint(path: string, extra: Record<string, unknown> = {}) {
    const res = await call(await staff(), 'POST', '/api/staff/webhooks', {
      url: hooks.url(path),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedWebhookEndpoint>();
  }

  async function companyWithKey(name: string) {
    const owner = await customer(ctx.app);
    const company = (
      await call(owner, 'POST', '/api/companies', {
        name,
        taxId: 'GB 1',
        billingAddress: shipTo,
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    await call(await staff(), 'PUT', `/api/staff/companies/${company.id}/terms`, {
      termsDays: 30,
      creditLimit: 100_000,
    });
    const key = (
      await call(owner, 'POST', `/api/companies/${company.id}/api-keys`, {
        name: 'ERP',
        scopes: ['orders:write'],
      })
    ).json<CreatedApiKey>();
    return { owner, company, key };
  }
  const placeOrder = (key: CreatedApiKey, partNumber: string, quantity = 1) =>
    call(
      { auth: { authorization: `Bearer ${key.secret}` } },
      'POST',
      '/api/v1/orders',
      { lines: [{ partNumber, quantity }], phone: '+44 1 2345 678', shipTo, payment: 'account' },
      { 'idempotency-key': `order-${Math.random()}` },
    );

  const verified = (r: Received, secret: string) =>
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
      id: string;
      type: string;
      data: V1Order;
    };

  it('signs every delivery per Standard Webhooks; staff hear every company, a company only its own', async () => {
    const shop = await staffEndpoint('/shop');
    const a = await companyWithKey('Hook A Ltd');
    const b = await companyWithKey('Hook B Ltd');
    const made = await call(a.owner, 'POST', `/api/companies/${a.company.id}/webhooks`, {
      url: hooks.url('/company-a'),
      eventTypes: ['order.placed'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const aHook = made.json<CreatedWebhookEndpoint>();
    const bHook = (
      await call(b.owner, 'POST', `/api/companies/${b.company.id}/webhooks`, {
        url: hooks.url('/company-b'),
      })
    ).json<CreatedWebhookEndpoint>();
    // An outsider and another company's owner see none of it.
    expect((await call(b.owner, 'GET', `/api/companies/${a.company.id}/webhooks`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(b.owner, 'GET', `/api/companies/${a.company.id}/webhooks/${aHook.id}/deliveries`))
        .statusCode,
    ).toBe(404);

    const part = await insertPart(db(), { minOrderQuantity: 1 });
    const placed = await placeOrder(a.key, part.sku, 2);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<V1Order>();
    await run();
    // On account, the order is invoiced as it is placed: the shop hears both.
    const shopTypes = hooks.received
      .filter((r) => r.path === '/shop')
      .map((r) => verified(r, shop.secret).type)
      .sort();
    expect(shopTypes).toEqual(['invoice.issued', 'order.placed']);
    const toShop = hooks.received.filter(
      (r) => r.path === '/shop' && verified(r, shop.secret).type === 'order.placed',
    );
    const toA = hooks.received.filter((r) => r.path === '/company-a');
    expect(toShop).toHaveLength(1);
    expect(toA).toHaveLength(1);
    expect(hooks.received.filter((r) => r.path === '/company-b')).toHaveLength(0);
    const event = verified(toShop[0]!, shop.secret);
    expect(event).toMatchObject({
      type: 'order.placed',
      data: { id: order.id, totalCents: order.totalCents },
    });
    expect(verified(toA[0]!, aHook.secret).id).toBe(event.id);
    expect(toShop[0]!.headers['webhook-id']).toBe(event.id);
    // Another endpoint's secret does not verify it.
    expect(() => verified(toShop[0]!, bHook.secret)).toThrow();

    // The log, send again (same event id), a test event.
    const log = (await call(await staff(), 'GET', `/api/staff/webhooks/${shop.id}/deliveries`))
      .json<WebhookDeliveryView[]>()
      .filter((d) => d.eventType === 'order.placed');
    expect(log[0]).toMatchObject({ status: 'succeeded', responseStatus: 204, attempts: 1 });
    const again = await call(
      await staff(),
      'POST',
      `/api/staff/webhooks/${shop.id}/deliveries/${log[0]!.id}/resend`,
    );
    expect(again.statusCode, again.body).toBe(201);
    const test = await call(await staff(), 'POST', `/api/staff/webhooks/${shop.id}/test`);
    expect(test.statusCode).toBe(201);
    await run();
    const later = hooks.received.filter(
      (r) => r.path === '/shop' && verified(r, shop.secret).type !== 'invoice.issued',
    );
    expect(later).toHaveLength(3);
    // Sent at once, they may arrive in either order.
    const resent = later.slice(1).map((r) => verified(r, shop.secret));
    expect(resent.map((e) => e.type).sort()).toEqual(['order.placed', 'webhook.test']);
    expect(resent.find((e) => e.type === 'order.placed')?.id).toBe(event.id);
    // Status changes and refunds are events too; A's endpoint listens to placed only.
    await call(await staff(), 'POST', `/api/staff/orders/${order.id}/cancel`, { reason: 'test' });
    await db().transaction((tx) =>
      recordRefund(tx, order.id, { status: 'succeeded', refundedCents: 100 }),
    );
    await run();
    const heard = hooks.received
      .filter((r) => r.path === '/shop')
      .map((r) => verified(r, shop.secret).type);
    expect(heard).toEqual(expect.arrayContaining(['order.canceled', 'order.refunded']));
    expect(hooks.received.filter((r) => r.path === '/company-a')).toHaveLength(1);
    await call(await staff(), 'DELETE', `/api/staff/webhooks/${shop.id}`);
    await call(a.owner, 'DELETE', `/api/companies/${a.company.id}/webhooks/${aHook.id}`);
    await call(b.owner, 'DELETE', `/api/companies/${b.company.id}/webhooks/${bHook.id}`);
  });

  it('tells the shop once when a part falls below its low-stock line, whoever moved the stock', async () => {
    const hook = await staffEndpoint('/low', { eventTypes: ['part.low_stock'] });
    const part = await insertPart(db(), { minOrderQuantity: 10, availableQuantity: 100 });
    const key = (
      await call(await staff(), 'POST', '/api/staff/api-keys', {
        name: 'stock',
        scopes: ['stock:write'],
      })
    ).json<CreatedApiKey>();
    const feed = (lines: unknown[]) =>
      call({ auth: { authorization: `Bearer ${key.secret}` } }, 'POST', '/api/v1/stock', { lines });
    const factor = ctx.config.lowStockFactor;
    // Still above the line, then below it, then lower still: one event.
    await feed([{ partNumber: part.sku, quantity: Math.ceil(factor * 10) + 5 }]);
    await feed([{ partNumber: part.sku, quantity: Math.max(0, Math.ceil(factor * 10) - 1) }]);
    await feed([{ partNumber: part.sku, change: -1 }]);
    await run();
    const got = hooks.received.filter((r) => r.path === '/low');
    expect(got).toHaveLength(1);
    expect(verified(got[0]!, hook.secret)).toMatchObject({
      type: 'part.low_stock',
      data: { id: part.id, partNumber: part.sku },
    });
    await call(await staff(), 'DELETE', `/api/staff/webhooks/${hook.id}`);
  });

  it('sends nothing for a change rolled back, and nothing for an order refused', async () => {
    const hook = await staffEndpoint('/rollback');
    await expect(
      db().transaction(async (tx) => {
        await emitEvent(tx, {
          type: 'order.paid',
          companyId: null,
          data: async () => ({ id: 'x' }),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const { key } = await companyWithKey('Sold Out Ltd');
    const part = await insertPart(db(), { minOrderQuantity: 1, availableQuantity: 1 });
    expect((await placeOrder(key, part.sku, 5)).statusCode).toBe(409);
    await run();
    expect(hooks.received.filter((r) => r.path === '/rollback')).toHaveLength(0);
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id));
    expect(Number(count?.n)).toBe(0);
    await call(await staff(), 'DELETE', `/api/staff/webhooks/${hook.id}`);
  });

  it('retries failures with backoff, not most 4xx, times out a slow receiver, and turns off a dead endpoint with a mail to staff', async () => {
    hooks.answers.set('/down', (res) => res.writeHead(503).end());
    hooks.answers.set('/gone', (res) => res.writeHead(400).end());
    hooks.answers.set('/busy', (res) => res.writeHead(429).end());
    hooks.answers.set('/slow', () => undefined);
    const down = await staffEndpoint('/down');
    const gone = await staffEndpoint('/gone');
    const busy = await staffEndpoint('/busy');
    const slow = await staffEndpoint('/slow');
    for (const e of [down, gone, busy, slow])
      await call(await staff(), 'POST', `/api/staff/webhooks/${e.id}/test`);
    const started = Date.now();
    await run();
    // The slow receiver held only its own delivery (the time limit is 400 ms).
    expect(Date.now() - started).toBeLessThan(3000);
    const first = async (id: string) =>
      (await call(await staff(), 'GET', `/api/staff/webhooks/${id}/deliveries`)).json<
        WebhookDeliveryView[]
      >()[0]!;
    expect(await first(down.id)).toMatchObject({
      status: 'pending',
      responseStatus: 503,
      attempts: 1,
    });
    const next = Date.parse((await first(down.id)).nextAttemptAt!);
    expect(next - Date.now()).toBeGreaterThan(2000);
    expect(await first(gone.id)).toMatchObject({ status: 'failed', responseStatus: 400 });
    expect(await first(busy.id)).toMatchObject({ status: 'pending', responseStatus: 429 });
    expect((await first(slow.id)).error).toMatch(/no answer within 400 ms/);
    // Make the dead one's retries due at once: after three failures in a row it is turned off.
    for (let i = 0; i < 2; i += 1) {
      await db()
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(webhookDeliveries.endpointId, down.id));
      await run();
    }
    const list = (await call(await staff(), 'GET', '/api/staff/webhooks')).json<
      WebhookEndpointView[]
    >();
    expect(list.find((e) => e.id === down.id)).toMatchObject({
      enabled: false,
      consecutiveFailures: 3,
    });
    await ctx.app.storefront.outbox.runDue();
    const staffMail = ctx.mailer.sent.find(
      (m) => m.to === staffMember!.email && m.subject.includes('turned off'),
    );
    expect(staffMail?.text).toContain(hooks.url('/down'));
    // Turned back on, it counts again from zero.
    const on = await call(await staff(), 'POST', `/api/staff/webhooks/${down.id}/enable`);
    expect(on.json<WebhookEndpointView[]>().find((e) => e.id === down.id)).toMatchObject({
      enabled: true,
      consecutiveFailures: 0,
    });
    for (const e of [down, gone, busy, slow])
      await call(await staff(), 'DELETE', `/api/staff/webhooks/${e.id}`);
  });

  it('refuses SSRF at delivery time: a name resolving private, a redirect; and at creation for literal addresses', async () => {
    for (const url of [
      'https://10.0.0.1/x',
      'https://169.254.169.254/latest',
      'http://example.com/x',
      'https://[::ffff:10.0.0.1]/',
    ])
      expect(
        (await call(await staff(), 'POST', '/api/staff/webhooks', { url })).statusCode,
        url,
      ).toBe(400);
    const sneaky = await call(await staff(), 'POST', '/api/staff/webhooks', {
      url: 'https://private.example/hook',
    });
    expect(sneaky.statusCode).toBe(201);
    const sneakyId = sneaky.json<CreatedWebhookEndpoint>().id;
    hooks.answers.set('/redirect', (res) =>
      res.writeHead(302, { location: hooks.url('/target') }).end(),
    );
    const redirect = await staffEndpoint('/redirect');
    await call(await staff(), 'POST', `/api/staff/webhooks/${sneakyId}/test`);
    await call(await staff(), 'POST', `/api/staff/webhooks/${redirect.id}/test`);
    await run();
    const first = async (id: string) =>
      (await call(await staff(), 'GET', `/api/staff/webhooks/${id}/deliveries`)).json<
        WebhookDeliveryView[]
      >()[0]!;
    expect((await first(sneakyId)).error).toMatch(/private or local/);
    expect(await first(redirect.id)).toMatchObject({
      responseStatus: 302,
      error: expect.stringMatching(/redirects are not followed/),
    });
    expect(hooks.received.filter((r) => r.path === '/target')).toHaveLength(0);
    for (const id of [sneakyId, redirect.id])
      await call(await staff(), 'DELETE', `/api/staff/webhooks/${id}`);
  });

  it('rotates a secret: both sign for a day; delivers after a crash between claim and answer', async () => {
    const hook = await staffEndpoint('/rotate');
    const rotated = await call(
      await staff(),
      'POST',
      `/api/staff/webhooks/${hook.id}/rotate-secret`,
    );
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).not.toBe(hook.secret);
    await call(await staff(), 'POST', `/api/staff/webhooks/${hook.id}/test`);
    // An instance claimed it and died: its lease runs out, and the delivery goes.
    await db()
      .update(webhookDeliveries)
      .set({ attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.endpointId, hook.id));
    await run();
    const got = hooks.received.filter((r) => r.path === '/rotate');
    expect(got).toHaveLength(1);
    expect(verified(got[0]!, secret).type).toBe('webhook.test');
    expect(verified(got[0]!, hook.secret).type).toBe('webhook.test');
    const events = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'webhook.test'));
    expect(events.length).toBeGreaterThan(0);
    await db().delete(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
  });
});
