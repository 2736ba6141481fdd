import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@storefront/contract';
import { admin, customer } from '../test/accounts.js';
import { insertPart } from '../test/factories.js';
import { useTestApp } from '../test/test-app.js';

/**
 * Hostile input against every route of the API description (the same list the server registers
 * from, so a new route is covered by being added): no request, whatever its body, path, query or
 * headers, may answer 5xx, and a refused request changes nothing.
 */
const origin = 'http://localhost:3000';
type Caller = { auth: Record<string, string>; cookie: string; email: string };

const API = (Object.entries(endpoints) as [string, Endpoint][]).filter(
  // Google's redirect needs a real OAuth state; the docs pages take no input.
  ([name]) => !['googleCallback', 'openApi', 'apiDocs'].includes(name),
);

/** Text the database cannot store, and text that merely looks odd. */
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uD83D',
  '\uFEFF',
  '\u202E',
  '💥'.repeat(50),
  'x'.repeat(20_000),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '',
  ' ',
);
const text = fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 40 }), fc.string());
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0.1 + 0.2),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('any'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'email', 'name')),
    tie('any'),
    {
      maxKeys: 5,
    },
  ),
})).any;
/** Far deeper than any parser should follow. */
const deep = fc.integer({ min: 40, max: 3000 }).map((depth) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { a: v };
  return v;
});

/** A plausible body for each endpoint, so a fuzzed field sits among valid ones. */
function validBody(name: string, ids: { part: string; order: string }, me: Caller): unknown {
  const bodies: Record<string, unknown> = {
    createPart: {
      name: 'P',
      description: 'D',
      mOrderQuantity: 1,
      availableQuantity: 5,
      price: 2,
      url: 'https://x.example/p.png',
    },
    updatePart: {
      name: 'P',
      description: 'D',
      mOrderQuantity: 1,
      price: 2,
      url: 'https://x.example/p.png',
      sku: 'FUZZ-1',
      category: 'brakes',
      oemNumbers: ['0 986 494 524'],
      specs: [{ name: 'Width', value: '131 mm' }],
      fitment: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2010, yearTo: 2015 }],
    },
    putMyVehicle: { vehicle: { make: 'Toyota', model: 'Corolla', year: 2015 } },
    createReview: { description: 'Good', rating: '5' },
    placeOrder: { partId: ids.part, minimum: 1, address: '1 Road', phone: '0123456789' },
    confirmPayment: { purchase: ids.order, transactionId: 'pi_x' },
    createPaymentIntent: { orderId: ids.order },
    sandboxConfirm: {
      clientSecret: 'pi_x_secret_y',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
    putUser: { address: '1 Road', phone: '0123456789', education: 'BSc' },
    signUp: { name: 'N', email: 'fuzz@example.com', password: 'secret123' },
    signIn: { email: me.email, password: 'secret123' },
    signInSocial: { provider: 'google', callbackURL: '/' },
    signOut: {},
    requestPasswordReset: { email: me.email, redirectTo: '/reset-password' },
    resetPassword: { token: 'tok', newPassword: 'secret123' },
    changePassword: { currentPassword: 'secret123', newPassword: 'secret456' },
    changeEmail: { newEmail: 'new@example.com' },
    sendVerificationEmail: { email: me.email },
    stripeWebhook: {},
    staffChangeStock: { kind: 'adjust', delta: 1, reason: 'Count' },
    staffShip: { carrier: 'DHL', trackingNumber: 'JD0001' },
    staffGrantAdmin: { email: 'new-admin@example.com' },
    addCartLine: { partId: ids.part, quantity: 1, reference: 'JOB-1' },
    setCartLine: { quantity: 2, reference: 'VIN 1HGCM', acceptPrice: true },
    mergeCart: { lines: [{ partId: ids.part, quantity: 1, seenUnitPrice: 2 }] },
    resolveQuickOrder: { text: 'IC-100001\t10\nA 1,000 job 4' },
    checkCart: { lines: [{ partId: ids.part, quantity: 1 }] },
    cartTax: { country: 'US', state: 'CA' },
    checkout: {
      lines: [{ partId: ids.part, quantity: 1, unitPrice: 2, reference: 'JOB-1' }],
      shipTo: { street: '1 Road', city: 'Leeds', postalCode: 'LS1', country: 'UK' },
      phone: '0123456789',
      fromCart: true,
    },
    staffCancelLine: { reason: 'Out of stock' },
    createCompany: {
      name: 'Fuzz Fleet Ltd',
      taxId: 'GB 123 4567 89',
      billingAddress: { street: '1 Road', city: 'Leeds', postalCode: 'LS1', country: 'UK' },
      deliveryAddresses: [
        { label: 'Depot', street: '2 Road', city: 'Leeds', postalCode: 'LS2', country: 'UK' },
      ],
    },
    inviteMember: { email: 'colleague@example.com', role: 'buyer' },
    acceptInvite: { token: 'fuzz-token' },
    changeMemberRole: { role: 'admin' },
    staffApproveTerms: { termsDays: 30, creditLimit: 1000 },
    staffRecordPayment: { amount: 10, receivedOn: '2026-11-24', reference: 'BACS 1' },
    staffIssueCreditNote: { amount: 10, reason: 'Returned' },
    requestQuote: { lines: [{ partId: ids.part, quantity: 1, targetUnitPrice: 1.5 }], note: 'N' },
    acceptQuote: {
      version: 1,
      shipTo: { street: '1 Road', city: 'Leeds', postalCode: 'LS1', country: 'UK' },
      phone: '0123456789',
    },
    rejectQuote: { version: 1, message: 'No' },
    reviseQuote: { version: 1, message: 'Less' },
    staffOfferQuote: {
      basedOn: 0,
      lines: [{ partId: ids.part, quantity: 1, unitPrice: 1.5 }],
      validUntil: '2099-01-01',
    },
    staffDeclineQuote: { message: 'No' },
    createReturn: {
      orderId: ids.order,
      reason: 'not_needed',
      note: 'N',
      lines: [{ lineNo: 1, quantity: 1 }],
    },
    staffApproveReturn: { message: 'Yes' },
    staffRefuseReturn: { message: 'No' },
    staffReceiveReturn: { lines: [{ lineNo: 1, quantity: 1 }] },
    staffInspectReturn: { lines: [{ lineNo: 1, resaleable: 1, scrapped: 0 }], note: 'N' },
    staffSettleReturn: { outcome: 'refund', waiveFee: true, waiveReason: 'Our mistake' },
    staffSetRestockingFees: {
      fees: { wrong_part: 0, damaged_in_transit: 0, defective: 0, not_needed: 15 },
    },
    staffSetReturnPolicy: { returnDays: 30, noReturnReason: 'N', warrantyMonths: 12 },
    staffSetReturnWindows: { windows: { brakes: 60, electrical: null } },
  };
  return bodies[name] ?? {};
}

/** Replaces one leaf of a JSON value (found along `path` choices) with `replacement`. */
function withLeaf(body: unknown, choice: number, replacement: unknown): unknown {
  if (typeof body !== 'object' || body === null) return replacement;
  const keys = Object.keys(body);
  if (keys.length === 0) return { [String(choice)]: replacement };
  const key = keys[choice % keys.length]!;
  const child = (body as Record<string, unknown>)[key];
  return {
    ...body,
    [key]:
      typeof child === 'object' && child !== null
        ? withLeaf(child, Math.floor(choice / keys.length), replacement)
        : replacement,
  };
}

describe('hostile input never answers 5xx and a refusal changes nothing', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 10_000, valueCents: 1e12 },
  });
  let shopper: Caller;
  let boss: Caller;
  let ids: { part: string; order: string };
  const counters = { requests: 0, serverErrors: 0, refusals: 0 };

  /** Counts and sums that any write would move. */
  const fingerprint = async () => {
    const result = await ctx.database.db.execute(sql`
      select (select count(*) from parts) as parts,
             (select coalesce(sum(available_quantity), 0) from parts) as stock,
             (select coalesce(sum(length(name) + length(sku) + length(description) + length(specs::text) + cardinality(oem_numbers)), 0) from parts) as part_text,
             (select count(*) from part_fitments) as fitments,
             (select coalesce(sum(length(vehicle::text)), 0) from profiles) as vehicles,
             (select count(*) from orders) as orders,
             (select count(*) from orders where status = 'canceled') as canceled,
             (select count(*) from reviews) as reviews,
             (select count(*) from users) as users,
             (select coalesce(sum(length(address) + length(phone) + length(education)), 0) from profiles) as profiles,
             (select count(*) from payments) as payments`);
    return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
  };

  beforeAll(async () => {
    shopper = await customer(ctx.app);
    boss = await admin(ctx.app, ctx.database.db);
    const part = await insertPart(ctx.database.db, {
      minOrderQuantity: 1,
      availableQuantity: 1_000_000,
    });
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: shopper.auth,
      payload: { partId: part.id, minimum: 1, address: '1 Road', phone: '0123456789' },
    });
    ids = { part: part.id, order: placed.json<{ _id: string }>()._id };
  });

  async function send(request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }) {
    const before = await fingerprint();
    const res = await ctx.app.inject({
      ...request,
      method: request.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    });
    counters.requests += 1;
    if (res.statusCode >= 500) {
      counters.serverErrors += 1;
      throw new Error(
        `${request.method} ${request.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
      );
    }
    if (res.statusCode >= 400) {
      counters.refusals += 1;
      if ((res.headers['content-type'] ?? '').toString().includes('json')) {
        const body = res.json<{ error?: unknown; message?: unknown }>();
        expect(typeof body.error).toBe('string');
        expect(typeof body.message).toBe('string');
      }
      expect(await fingerprint(), `${request.method} ${request.url} refused but changed data`).toBe(
        before,
      );
    }
    return res;
  }

  const urlOf = (endpoint: Endpoint, param: string | null) =>
    endpoint.path.replace(
      /\{(\w+)\}/g,
      (_m, name: string) =>
        param ??
        (name === 'email'
          ? shopper.email
          : name === 'idOrSku' ||
              name === 'partId' ||
              (name === 'id' && endpoint.path.startsWith('/api/parts'))
            ? ids.part
            : name === 'lineNo'
              ? '1'
              : name === 'id'
                ? ids.order
                : 'google'),
    );

  it('fuzzes every endpoint’s body, one field at a time and whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...API),
        fc.constantFrom<'none' | 'customer' | 'admin'>('none', 'customer', 'admin'),
        fc.oneof(
          fc.record({
            kind: fc.constant('field' as const),
            choice: fc.nat(50),
            replacement: fc.oneof(value, nasty),
          }),
          fc.record({ kind: fc.constant('whole' as const), replacement: fc.oneof(value, deep) }),
        ),
        async ([name, endpoint], who, mutation) => {
          const caller = who === 'admin' ? boss : shopper;
          const body =
            mutation.kind === 'field'
              ? withLeaf(validBody(name, ids, caller), mutation.choice, mutation.replacement)
              : mutation.replacement;
          await send({
            method: endpoint.method,
            url: urlOf(endpoint, null),
            headers: {
              origin,
              'content-type': 'application/json',
              ...(who === 'none' ? {} : { ...caller.auth, cookie: caller.cookie }),
            },
            ...(endpoint.method === 'GET' ? {} : { payload: JSON.stringify(body) ?? 'null' }),
          });
        },
      ),
      { numRuns: 700, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
  });

  it('fuzzes paths, queries, content types and headers', async () => {
    const rawSegment = fc.oneof(
      fc.constantFrom(
        '%00',
        '%ED%A0%80',
        '%E0%A4%A',
        '%',
        '%zz',
        '..%2F..',
        '%F0%9F%92',
        'x'.repeat(90),
      ),
      // Every byte percent-encoded (a lone surrogate becomes the bytes of U+FFFD, as a browser sends).
      text.map((t) =>
        [...Buffer.from(t.slice(0, 200))]
          .map((b) => `%${b.toString(16).padStart(2, '0')}`)
          .join(''),
      ),
    );
    const header = fc.string({
      unit: fc.constantFrom(...'ab=;, ./:\t"\\{}[]\u00e9\u00ff0123456789'.split('')),
      maxLength: 60,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...API),
        rawSegment,
        rawSegment,
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          '',
        ),
        fc.record({
          authorization: fc.oneof(
            header,
            header.map((h) => `Bearer ${h}`),
            fc.constant(`Bearer ${shopper.auth.authorization!.slice(7)}x`),
          ),
          cookie: header,
          'if-none-match': header,
          'accept-encoding': header,
          'x-forwarded-for': header,
          origin: fc.oneof(header, fc.constant(origin)),
        }),
        fc.oneof(
          fc.constant(''),
          text.map((t) => JSON.stringify({ t })),
          fc.constant('{"a":'),
          fc.constant('\uFEFF{}'),
        ),
        async ([, endpoint], segment, query, contentType, headers, payload) => {
          await send({
            method: endpoint.method,
            url: `${urlOf(endpoint, segment)}?email=${query}&token=${query}&q=${query}&make=${query}&year=${query}&page=${query}&category=${query}&minPrice=${query}&limit=${query}`,
            headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
            ...(endpoint.method === 'GET' ? {} : { payload }),
          });
        },
      ),
      { numRuns: 500, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
  });

  it('names the field when any text field of any body holds a NUL or a lone surrogate', async () => {
    const textFields = (body: unknown, prefix = ''): string[] =>
      typeof body === 'object' && body !== null
        ? Object.entries(body).flatMap(([k, v]) =>
            typeof v === 'string' ? [`${prefix}${k}`] : textFields(v, `${prefix}${k}.`),
          )
        : [];
    let checked = 0;
    for (const [name, endpoint] of API.filter(([, e]) => e.body && e.method !== 'GET')) {
      if (name === 'stripeWebhook') continue; // signed raw bytes, parsed by Stripe's SDK
      for (const field of textFields(validBody(name, ids, shopper))) {
        for (const bad of ['a\u0000b', 'x\uD800y']) {
          const body = JSON.parse(JSON.stringify(validBody(name, ids, shopper))) as Record<
            string,
            unknown
          >;
          const path = field.split('.');
          let node = body;
          for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
          node[path.at(-1)!] = bad;
          const res = await send({
            method: endpoint.method,
            url: urlOf(endpoint, null),
            headers: {
              origin,
              'content-type': 'application/json',
              ...shopper.auth,
              cookie: shopper.cookie,
            },
            payload: JSON.stringify(body),
          });
          // Refused, with the field named, unless the caller may not call it at all.
          if (res.statusCode === 400) {
            expect(
              Object.keys(res.json<{ fields?: object }>().fields ?? {}),
              `${name}.${field}`,
            ).toContain(field);
          } else {
            expect([401, 403, 404, 415], `${name}.${field} answered ${res.statusCode}`).toContain(
              res.statusCode,
            );
          }
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(counters.serverErrors).toBe(0);
  });
});
