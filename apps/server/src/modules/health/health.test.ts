import { describe, expect, it } from 'vitest';
import { PublicConfig } from '@storefront/contract';
import { useTestApp } from '../../test/test-app.js';

describe('health and public config', () => {
  const ctx = useTestApp({ brandName: 'Test Brand' });

  it('reports the database reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('tells the app the brand and nothing secret', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = PublicConfig.parse(res.json());
    expect(body.brandName).toBe('Test Brand');
    expect(Object.keys(body).sort()).toEqual([
      'brandName',
      'googleSignIn',
      'paymentProvider',
      'stripePublishableKey',
    ]);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
