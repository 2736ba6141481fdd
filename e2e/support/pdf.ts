import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fonts = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** The text of every page of a PDF (an invoice), in order. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    pages.push(
      (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '),
    );
  }
  await doc.destroy();
  return pages.join('\n');
}
