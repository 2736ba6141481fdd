import { describe, expect, it } from 'vitest';
import { endpoints, PublicConfig, type Endpoint } from '@storefront/contract';
import { useTestApp } from '../../test/test-app.js';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown }>>;
  components: { schemas: Record<string, unknown> };
};

describe('public config', () => {
  const ctx = useTestApp({ brandName: 'Test Brand' });

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
});

describe('the API description', () => {
  const ctx = useTestApp();
  const fetchDocument = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    return res.json<Document>();
  };

  it('describes every registered API route, with the method it answers', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const registered = ctx.app.storefront.routes
      .map((route) => route.split(' ') as [string, string])
      .filter(([method, url]) => method !== 'HEAD' && url.startsWith('/api/'))
      // The identity provider's bridge is one wildcard; its endpoints are listed one by one.
      .filter(([, url]) => url !== '/api/auth/*');
    expect(registered.length).toBeGreaterThan(15);
    const missing = registered.filter(([method, url]) => {
      const path = url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
      return !document.paths[path]?.[method.toLowerCase()];
    });
    expect(missing.map((r) => r.join(' '))).toEqual([]);
  });

  it('documents no route that does not exist', async () => {
    const document = await fetchDocument();
    const registered = new Set(
      ctx.app.storefront.routes.map((r) => r.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')),
    );
    const phantom = Object.values(endpoints as Record<string, Endpoint>)
      .filter((e) => !e.path.startsWith('/api/auth/'))
      .filter((e) => !registered.has(`${e.method} ${e.path}`))
      .map((e) => `${e.method} ${e.path}`);
    expect(phantom).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(20);
  });

  it('says who may call each operation and gives every failure the error shape', async () => {
    const document = await fetchDocument();
    expect(document.components.schemas.ApiError).toMatchObject({
      type: 'object',
      required: ['error', 'message'],
    });
    const text = JSON.stringify(document);
    for (const ref of text.match(/"#\/components\/schemas\/[^"]+"/g) ?? []) {
      expect(document.components.schemas).toHaveProperty(ref.slice(22, -1));
    }
    const createPart = document.paths['/api/parts']?.post;
    expect(createPart?.security).toEqual([{ accessKey: [] }]);
    expect(Object.keys(createPart?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '500']),
    );
    expect(document.paths['/api/parts']?.get?.security).toEqual([]);
  });

  it('serves a readable page of it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('/api/purchase/{id}');
    expect(res.body).toContain('Admins only');
    expect(res.body).not.toMatch(/<script/i);
  });
});
