import { describe, expect, it } from 'vitest';
import { paintFirst } from '../scripts/page-html.mjs';

// The head Vite writes for a page, as dist/index.html has it.
const page = (body: string) => `<!doctype html>
<html lang="en">
  <head>
    <title>Test</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root">${body}</div>
  </body>
</html>`;

const stylesheet = `:where(:root),[data-theme=light]{--color-primary:#1e3a8a}.navbar{display:flex}.btn{padding:1rem}.btn:hover{color:red}.modal{position:fixed}`;
const options = {
  distDir: '/dist',
  bootSrc: '/assets/boot-123.js',
  readFile: (file: string) => {
    if (file.endsWith('index-abc.css')) return stylesheet;
    throw new Error(`no file ${file}`);
  },
};
const built = paintFirst(page('<nav class="navbar"><a class="btn">Home</a></nav>'), options);

describe('paintFirst: a page that paints before its stylesheet and scripts', () => {
  it('inlines the rules its elements use, and only those', async () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(await built)?.[1] ?? '';
    expect(style).toContain('.navbar{display:flex}');
    expect(style).toContain('.btn:hover{color:red}');
    expect(style).not.toContain('.modal');
  });

  it("keeps the theme's colours, whose selector beasties cannot evaluate", async () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(await built)?.[1] ?? '';
    expect(style).toContain('--color-primary:#1e3a8a');
  });

  it('has no render-blocking stylesheet: only a noscript copy of the link', async () => {
    const html = await built;
    const outsideNoscript = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
    expect(outsideNoscript).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(html).toMatch(
      /<noscript>\s*<link rel="stylesheet"[^>]*href="\/assets\/index-abc\.css">/,
    );
  });

  it('leaves the stylesheet and the app to the deferred boot script, with no inline script', async () => {
    const html = await built;
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(html).toContain(
      '<script defer src="/assets/boot-123.js" data-entry="/assets/index-abc.js" data-modulepreload="/assets/vendor-abc.js" data-stylesheet="/assets/index-abc.css"></script>',
    );
    // The content security policy forbids inline scripts and handlers: none is left.
    expect(html).not.toMatch(/<script>|onload=/);
  });
});
