import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PRERENDERED_BRAND, SITE_CONFIG_ELEMENT_ID } from '@storefront/contract';
import { useTestApp } from '../../test/test-app.js';

// A web build in miniature: the home page and /parts prerendered, the empty shell for the rest.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-site-'));
const page = (content: string) =>
  `<!doctype html><html><head><title>t</title></head><body><div id="root">${content}</div></body></html>`;
fs.mkdirSync(path.join(dist, 'prerendered'));
fs.writeFileSync(path.join(dist, 'index.html'), page(`<a>${PRERENDERED_BRAND}</a><h1>Home</h1>`));
fs.writeFileSync(path.join(dist, 'app.html'), page(''));
fs.writeFileSync(path.join(dist, 'prerendered/parts.html'), page('<h1>All parts</h1>'));
fs.writeFileSync(
  path.join(dist, 'prerendered.json'),
  JSON.stringify({ '/parts': 'prerendered/parts.html' }),
);

describe('prerendered pages as served', () => {
  const ctx = useTestApp({ brandName: 'Bolts & <Nuts>', webDistDir: dist });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('carry the shop’s brand where the build put its placeholder, and the public config', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<a>Bolts &#38; &#60;Nuts&#62;</a>');
    expect(res.body).not.toContain(PRERENDERED_BRAND);
    const json = new RegExp(
      `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">(.*?)</script>`,
    ).exec(res.body)?.[1];
    expect(JSON.parse(json ?? 'null')).toMatchObject({ brandName: 'Bolts & <Nuts>' });
    expect(json).not.toContain('<');
  });

  it('are sent compressed to a browser that accepts it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/parts',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>All parts</h1>');
  });

  it('leave an address with a query to the app: /parts?q=… gets the empty shell', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/parts?q=brake' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('All parts');
  });
});
