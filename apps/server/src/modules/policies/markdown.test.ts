import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';

/** Payloads from the usual XSS cheat sheets, in Markdown and raw HTML. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click]( javascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '[x](//evil.example/)',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<details open ontoggle=alert(1)>',
  '[x]: javascript:alert(1)\n\n[link][x]',
  '<javascript:alert(1)>',
  '```html\n<script>alert(1)</script>\n```',
  '<!-- --><script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '[a](https://ok.example "title\\" onmouseover=\\"alert(1)")',
  '[x]: javascript:alert(1)\n\n[link][x]()',
];

/** What would run: an element that runs script, an event handler, a script link. */
function runsSomething(html: string): string | null {
  if (
    /<\s*(script|iframe|object|embed|svg|math|style|form|input|details|base|meta|link)\b/i.test(
      html,
    )
  )
    return 'element';
  // Attribute values (quotes inside are escaped as &quot;) cannot hold a handler: drop them first.
  if (/<[^>]*\son[a-z]+\s*=/i.test(html.replace(/"[^"]*"/g, '""'))) return 'handler';
  const hrefs = [...html.matchAll(/\s(?:href|src)="([^"]*)"/gi)].map((m) => m[1] ?? '');
  for (const href of hrefs) {
    const decoded = href.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
    // An empty address (`[x]()`) is the page itself: nothing runs.
    if (decoded !== '' && !/^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i.test(decoded))
      return `link ${href}`;
  }
  return null;
}

describe('page Markdown', () => {
  it('renders headings, lists and safe links', () => {
    const html = renderMarkdown(
      '## Orders\n\n- one\n- [terms](/pages/terms)\n\n[mail](mailto:a@b.co)',
    );
    expect(html).toContain('<h2>Orders</h2>');
    expect(html).toContain('<a href="/pages/terms">terms</a>');
    expect(html).toContain('<a href="mailto:a@b.co">mail</a>');
  });

  it.each(PAYLOADS)('renders %j inert', (payload) => {
    expect(runsSomething(renderMarkdown(payload))).toBeNull();
  });

  it('renders any mix of those payloads and text inert', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...PAYLOADS),
            fc.string(),
            fc.constantFrom('[', ']', '(', ')', '<', '>', '"', '\n', '&#', ':'),
          ),
          {
            maxLength: 12,
          },
        ),
        (parts) => runsSomething(renderMarkdown(parts.join(''))) === null,
      ),
      { numRuns: 500 },
    );
  });
});
