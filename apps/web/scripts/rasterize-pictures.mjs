/* global document, Image */
// Draws the shop's part pictures (public/images/parts/*.svg, the sources) as WebP files beside
// them, the files the demo catalog links to. Run after changing a picture: `npm run pictures -w
// @storefront/web`. Debian's Chromium draws them (CHROMIUM_PATH to use another).
//
// Why raster (issue 41): a phone's browser builds a whole SVG document for each vector picture and
// paints its gradients on the page's main thread, some 50 ms of a phone's work on `/parts`, where a
// WebP is decoded off it. The SVGs stay: `/parts` inlines its first picture, a few KB, from them.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve(import.meta.dirname, '../public/images/parts');
const WIDTH = 640;
const HEIGHT = 480;
// Visually the same as the vector at the sizes the shop shows them, some 7 KB a picture.
const QUALITY = 0.75;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
    if (file === 'no-picture.svg') continue;
    const svg = fs.readFileSync(path.join(dir, file), 'utf8');
    const base64 = await page.evaluate(
      async ({ svg, width, height, quality }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d').drawImage(image, 0, 0, width, height);
        return canvas.toDataURL('image/webp', quality).split(',')[1];
      },
      { svg, width: WIDTH, height: HEIGHT, quality: QUALITY },
    );
    const out = path.join(dir, file.replace(/\.svg$/, '.webp'));
    fs.writeFileSync(out, Buffer.from(base64, 'base64'));
    console.log(`${path.basename(out)}: ${fs.statSync(out).size} bytes`);
  }
} finally {
  await browser.close();
}
