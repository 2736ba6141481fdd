// After `vite build`: renders the public pages into HTML (see src/entry-prerender.tsx), keeps an
// empty shell for every other route, and precompresses the HTML it wrote.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'node_modules', '.prerender');

/**
 * Route -> file under dist. `/` is index.html itself; the others are listed in
 * dist/prerendered.json, which the server reads to serve each as that route's HTML.
 */
const PRERENDERED = {
  '/': 'index.html',
  '/blogs': 'prerendered/blogs.html',
  '/portfolio': 'prerendered/portfolio.html',
};

await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/entry-prerender.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    copyPublicDir: false,
  },
  // Our own packages ship TypeScript: bundle them; npm packages load from node_modules.
  ssr: { noExternal: ['@storefront/contract'] },
});
const { render } = await import(pathToFileURL(path.join(ssrOut, 'entry-prerender.js')).href);

const shell = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>'))
  throw new Error('dist/index.html has no empty #root to fill');
// The shell for routes rendered in the browser only (dashboard, purchase, 404...).
await fs.writeFile(path.join(dist, 'app.html'), shell);
const written = [path.join(dist, 'app.html')];

for (const [route, file] of Object.entries(PRERENDERED)) {
  const html = shell.replace(
    '<div id="root"></div>',
    `<div id="root">${await render(route)}</div>`,
  );
  const target = path.join(dist, file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, html);
  written.push(target);
}

const manifest = Object.fromEntries(Object.entries(PRERENDERED).filter(([route]) => route !== '/'));
await fs.writeFile(path.join(dist, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);

for (const file of written) {
  const data = await fs.readFile(file);
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  await fs.writeFile(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
await fs.rm(ssrOut, { recursive: true, force: true });
console.log(`prerendered ${Object.keys(PRERENDERED).join(', ')}`);
