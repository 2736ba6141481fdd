// The HTML of a page whose content is in the HTML (prerendered, or rendered by the server): it
// paints from its own inline CSS, before any stylesheet or script arrives.
import Beasties from 'beasties';

/**
 * Matches a selector that starts with `:where(.name…)` or `:is(.name…)` for a class the page uses
 * (beasties tests its `allowRules` with `RegExp#test`).
 */
class WhereOfUsedClass extends RegExp {
  /** @param {Set<string>} used */
  constructor(used) {
    super('^:(?:where|is)\\(\\.');
    this.used = used;
  }

  /** @param {string} selector */
  test(selector) {
    const name = /^:(?:where|is)\(\.((?:\\.|[\w-])+)/.exec(selector)?.[1];
    return name !== undefined && this.used.has(name.replace(/\\(.)/g, '$1'));
  }
}

/**
 * Inlines the rules of the built stylesheet that match the page's elements (beasties), and leaves
 * the full stylesheet and the app's JavaScript to `boot.js` (`bootSrc`), which fetches them once
 * the page has loaded: the HTML keeps no stylesheet link (but a `<noscript>` one) and no module
 * script or modulepreload, so nothing shares the connection with the HTML and the LCP image.
 *
 * @param {string} html the page as Vite wrote it (stylesheet link and module script in the head)
 * @param {{ distDir: string, bootSrc: string, readFile?: (file: string) => string }} options
 *   where the built assets are; the boot script's address; `readFile` replaces the disk (tests)
 * @returns {Promise<string>}
 */
export async function paintFirst(html, { distDir, bootSrc, readFile }) {
  // Beasties cannot evaluate a selector that starts with `:where(.class…)` (Tailwind's `space-y-3`,
  // daisyUI's `btn`, `join`, `navbar`) or `:is(.class…)` (a disabled `select`'s colour): kept when
  // the page uses the class. Left out, the part page
  // (drawn by the server with the app's markup since decision 070) moved by up to 70 px when the
  // stylesheet came.
  const used = new Set(
    [...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/).filter(Boolean)),
  );
  const whereOfUsedClass = new WhereOfUsedClass(used);
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    preload: 'media-script',
    noscriptFallback: true,
    // Every page shares the stylesheet: it stays whole.
    pruneSource: false,
    inlineFonts: false,
    // Rules on selectors beasties cannot evaluate: the theme's colours sit on `:where(:root)`, and
    // the menu's current page under nested `:where`/`:not`. Left out, the first paint drew every
    // themed colour as the browser's default, and when the full stylesheet came each button ran
    // its 0.2 s colour transition (some 240 on /parts), costing a phone's main thread more than
    // the page's own script. A browser test compares the first paint with the final one. The
    // breadcrumbs' separators and the 24 px links (index.css) sit under `:where` lists too: left
    // out, the part page's trail (drawn by the server since decision 070) grew when the stylesheet
    // came, moving the page by 4 px.
    allowRules: [
      /:where\(:root\)/,
      /^:root\b/,
      /\.menu-active\b/,
      /\.breadcrumbs\b/,
      /:where\(footer,\s*nav\b/,
      whereOfUsedClass,
    ],
    compress: true,
    logLevel: 'warn',
  });
  if (readFile) {
    beasties.fs = {
      readFile: (file, callback) => {
        try {
          callback(null, readFile(file));
        } catch (err) {
          callback(err);
        }
      },
    };
  }
  let out = (await beasties.process(html)).replace(' data-beasties-container', '');
  // Beasties' own activation script is inline: the policy would block it. boot.js does its job.
  out = out.replace(
    /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[\s\S]*?<\/script>/,
    '',
  );

  const take = (pattern) => {
    const found = [];
    out = out.replace(pattern, (_tag, href) => {
      found.push(href);
      return '';
    });
    return found;
  };
  const [stylesheet, ...extraSheets] = take(
    /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*data-beasties-media[^>]*>\s*/g,
  );
  const [entry, ...extraEntries] = take(
    /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\s*/g,
  );
  const modulepreload = take(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g);
  if (!stylesheet || extraSheets.length > 0 || !entry || extraEntries.length > 0)
    throw new Error('expected one deferred stylesheet and one module script in the page');
  const boot = `<script defer src="${bootSrc}" data-entry="${entry}" data-modulepreload="${modulepreload.join(' ')}" data-stylesheet="${stylesheet}"></script>`;
  return out.replace('</head>', `  ${boot}\n  </head>`);
}
