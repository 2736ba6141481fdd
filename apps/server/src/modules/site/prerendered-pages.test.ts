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
// A script with its compressed copy, and the server's renderer, which is never sent.
const script = 'export const answer = 42;\n'.repeat(50);
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'assets/index-abc.js'), script);
fs.writeFileSync(path.join(dist, 'assets/index-abc.js.br'), zlib.brotliCompressSync(script));
fs.mkdirSync(path.join(dist, 'ssr'));
fs.writeFileSync(path.join(dist, 'ssr/entry-prerender.js'), 'export const secret = 1;');

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

  it('serve the build’s files, compressed when the browser accepts it, and nothing else', async () => {
    const asset = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js?v=1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(plain.body).toBe(script);
    // The renderer, the compressed copy by its own name, another spelling, a way round: refused
    // (404, or 400 for a NUL byte), never the file.
    for (const url of [
      '/ssr/entry-prerender.js',
      '/assets/index-abc.js.br',
      '/ASSETS/index-abc.js',
      '/assets/../ssr/entry-prerender.js',
      '/assets/%2e%2e/ssr/entry-prerender.js',
      '/assets//index-abc.js',
      '/assets/index-abc.js%00',
      '/assets/',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url.includes('%00') ? 400 : 404);
      expect(res.body, url).not.toContain('secret');
    }
  });
});
