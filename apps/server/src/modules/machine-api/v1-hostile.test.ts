import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_SCOPES,
  endpoints,
  STAFF_SCOPES,
  type CompanyResponse,
  type CreatedApiKey,
  type Endpoint,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';

/** Text the database cannot store, and text that merely looks odd. */
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  'x'.repeat(20_000),
  "' or 1=1 --",
  '{"$gt":""}',
  '',
  -1,
  1e308,
  2 ** 53 + 1,
  0.5,
  null,
  true,
  [],
  {},
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.string(),
    fc.integer(),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('any'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor')),
    tie('any'),
    {
      maxKeys: 4,
    },
  ),
})).any;

/** Replaces one leaf of a body, chosen by `choice`. */
function withLeaf(body: unknown, choice: number, replacement: unknown): unknown {
  if (typeof body !== 'object' || body === null) return replacement;
  const keys = Object.keys(body);
  if (keys.length === 0) return { [String(choice)]: replacement };
  const key = keys[choice % keys.length]!;
  const child = (body as Record<string, unknown>)[key];
  const next =
    typeof child === 'object' && child !== null
      ? withLeaf(child, Math.floor(choice / keys.length), replacement)
      : replacement;
  return Array.isArray(body)
    ? body.map((c, i) => (String(i) === key ? next : c))
    : { ...body, [key]: next };
}

const V1 = (Object.entries(endpoints) as [string, Endpoint][]).filter(
  ([, e]) => e.access === 'api-key',
);

describe('the v1 API under hostile input', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 10_000, valueCents: 1e12 },
  });

  it('never answers 5xx, and every refusal is in the error shape', async () => {
    const staff = await admin(ctx.app, ctx.database.db);
    const owner = await customer(ctx.app);
    const company = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/companies',
        headers: owner.auth,
        payload: {
          name: 'Fuzz Ltd',
          taxId: 'GB 1',
          billingAddress: { street: 'a', city: 'b', postalCode: 'c', country: 'd' },
          deliveryAddresses: [],
        },
      })
    ).json<CompanyResponse>();
    const make = async (
      url: string,
      who: { auth: Record<string, string> },
      scopes: readonly string[],
    ) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url,
          headers: who.auth,
          payload: { name: 'fuzz', scopes, rateLimitPerMinute: 10_000 },
        })
      ).json<CreatedApiKey>().secret;
    const keys = [
      await make('/api/staff/api-keys', staff, STAFF_SCOPES),
      await make(`/api/companies/${company.id}/api-keys`, owner, COMPANY_SCOPES),
    ];
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 1 });
    const valid: Record<string, unknown> = {
      v1StockFeed: {
        countedAt: new Date().toISOString(),
        lines: [
          { partNumber: part.sku, change: 1 },
          { partNumber: 'X', quantity: 2 },
        ],
      },
      v1PriceFeed: {
        lines: [
          {
            partNumber: part.sku,
            priceCents: 1250,
            volumePrices: [{ minQuantity: 50, unitCents: 1100 }],
          },
        ],
      },
      v1PlaceOrder: {
        lines: [{ partNumber: part.sku, quantity: 1, reference: 'r' }],
        poNumber: 'PO',
        phone: '0123456789',
        shipTo: { street: 'a', city: 'b', postalCode: 'c', country: 'd' },
        payment: 'unpaid',
      },
      v1Ship: { parcels: [{ carrier: 'DHL', trackingNumber: '1' }] },
    };
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...V1),
        fc.constantFrom(...keys),
        fc.oneof(
          fc.record({
            kind: fc.constant('field' as const),
            choice: fc.nat(50),
            replacement: value,
          }),
          fc.record({ kind: fc.constant('whole' as const), replacement: value }),
          fc.record({ kind: fc.constant('query' as const), replacement: fc.string() }),
        ),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async ([name, endpoint], key, mutation, type) => {
          const body =
            mutation.kind === 'field'
              ? withLeaf(valid[name] ?? {}, mutation.choice, mutation.replacement)
              : mutation.kind === 'whole'
                ? mutation.replacement
                : valid[name];
          const query =
            mutation.kind === 'query'
              ? `?cursor=${encodeURIComponent(mutation.replacement)}&limit=${encodeURIComponent(mutation.replacement)}&partNumbers=${encodeURIComponent(mutation.replacement)}`
              : '';
          const res = await ctx.app.inject({
            method: endpoint.method,
            url: endpoint.path.replace('{id}', '00000000-0000-4000-8000-000000000000') + query,
            headers: {
              authorization: `Bearer ${key}`,
              'content-type': type,
              'idempotency-key': `fuzz-${requests}-key`,
            },
            ...(endpoint.method === 'GET' ? {} : { payload: JSON.stringify(body) ?? 'null' }),
          });
          requests += 1;
          const where = `${name} ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(res.json(), where).toMatchObject({
              error: expect.any(String),
              message: expect.any(String),
            });
        },
      ),
      { numRuns: 300, seed: Number(process.env.FUZZ_SEED ?? 20261126) },
    );
    expect(requests).toBe(300);
  });
});
