import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin } from '../../test/accounts.js';
import { caller } from '../../test/privacy-kit.js';
import { useTestApp } from '../../test/test-app.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'policy-pages-'));
fs.writeFileSync(
  path.join(dist, 'app.html'),
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
);

describe('shop pages drawn by the server', () => {
  const ctx = useTestApp({
    webDistDir: dist,
    brandName: 'Forge & <Sons>',
    seller: { address: '1 Forge Lane\nSheffield', taxId: 'GB 111 2222 33' },
  });

  it('draws a page complete, with its title, version and links, and the seller on the legal page', async () => {
    const call = caller(ctx.app);
    const res = await call(null, 'GET', '/pages/legal');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(
      '<title>About and legal notice | Forge &#38; &#60;Sons&#62;</title>',
    );
    expect(res.body).toContain('data-testid="policy-page"');
    expect(res.body).toContain('Version 1 of ');
    expect(res.body).toContain('1 Forge Lane<br />Sheffield<br />Tax/VAT id: GB 111 2222 33');
    expect(res.body).toContain('href="/pages/terms"');
    expect((await call(null, 'GET', '/pages/nope')).statusCode).toBe(404);
    const contact = await call(null, 'GET', '/contact');
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toContain('1 Forge Lane');
  });

  it('draws staff Markdown inert', async () => {
    const call = caller(ctx.app);
    const staff = await admin(ctx.app, ctx.database.db);
    await call(staff, 'PUT', '/api/staff/pages/returns', {
      title: 'Returns <img src=x onerror=alert(1)>',
      body: '<script>alert(1)</script>\n\n[x](javascript:alert(1)) <a onclick="alert(1)">y</a>',
    });
    const res = await call(null, 'GET', '/pages/returns');
    expect(res.body).not.toMatch(/<script>alert|<img src=x|href="javascript|<a onclick/);
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
