import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { admin } from '../test/accounts.js';
import { useTestApp } from '../test/test-app.js';

/** Values no path parameter takes: not an id, control and broken characters, huge, injected. */
const MALFORMED = [
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '%00',
  '%C0%AF',
  '%E2%80%AE',
  encodeURIComponent("1' or '1'='1"),
  'x'.repeat(300),
  '..%2F..%2Fetc',
];

type OpenApi = { paths: Record<string, Record<string, { requestBody?: unknown }>> };

describe('path parameters', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });

  it('never answer a 5xx for a malformed value in any parameter of any route in the API description', async () => {
    const staff = await admin(ctx.app, ctx.database.db);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const [method, operation] of Object.entries(operations)) {
        for (const name of names)
          for (const value of MALFORMED) {
            const url = names.reduce(
              (u, n) => u.replace(`{${n}}`, n === name ? value : randomUUID()),
              path,
            );
            const res = await ctx.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers: { ...staff.auth, origin: 'http://localhost:3000' },
              ...(operation.requestBody ? { payload: {} } : {}),
            });
            const where = `${method.toUpperCase()} ${url}: ${res.body}`;
            // Never a 5xx; a refusal in the error shape (an idempotent removal of nothing may
            // answer 200, as for any unknown id).
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400)
              expect(res.json(), where).toMatchObject({
                error: expect.any(String),
                message: expect.any(String),
              });
            checked += 1;
          }
      }
    }
    // The description has routes with parameters: the walk really ran.
    expect(checked).toBeGreaterThan(40 * MALFORMED.length);
  });

  it('answer an id that is not one as an unknown id: 404, after who is asking', async () => {
    const staff = await admin(ctx.app, ctx.database.db);
    for (const url of [
      '/api/staff/companies/not-a-uuid/terms',
      '/api/staff/companies/not-a-uuid/terms/suspend',
    ]) {
      const res = await ctx.app.inject({
        method: url.endsWith('terms') ? 'PUT' : 'POST',
        url,
        headers: staff.auth,
        payload: { termsDays: 30, creditLimit: 100 },
      });
      expect(res.statusCode, res.body).toBe(404);
      // Who is asking is still checked first.
      const anonymous = await ctx.app.inject({
        method: url.endsWith('terms') ? 'PUT' : 'POST',
        url,
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});
