import { PAGE_SLUGS, PAGE_TITLES, pagePath, type PageResponse } from '@storefront/contract';
import { escapeHtml } from '../../http/escape-html.js';

/** The shop's address and tax id, as the legal and contact pages show them. */
export function sellerBlock(seller: PageResponse['seller'], brandName: string): string {
  if (!seller || (!seller.address && !seller.taxId)) return '';
  const lines = [brandName, ...seller.address.split('\n').filter(Boolean)];
  return `<address data-testid="seller-address" class="not-italic mt-6">${lines
    .map(escapeHtml)
    .join(
      '<br />',
    )}${seller.taxId ? `<br />Tax/VAT id: ${escapeHtml(seller.taxId)}` : ''}</address>`;
}

const pageLinks = () =>
  `<nav aria-label="Shop pages" class="mt-10 flex flex-wrap gap-4 text-sm">${[
    ...PAGE_SLUGS.map((slug) => [pagePath(slug), PAGE_TITLES[slug]] as const),
    ['/contact', 'Contact'] as const,
  ]
    .map(([href, label]) => `<a class="link" href="${href}">${escapeHtml(label)}</a>`)
    .join('')}</nav>`;

/** Into the app's empty shell: own title, and markup the app replaces once its script runs. */
const intoShell = (shell: string, title: string, canonical: string, body: string) =>
  shell
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(
      '</head>',
      `    <title>${escapeHtml(title)}</title>\n    <link rel="canonical" href="${escapeHtml(canonical)}" />\n  </head>`,
    )
    .replace('<div id="root"></div>', `<div id="root" data-static="true">${body}</div>`);

/**
 * A shop page drawn by the server, readable without any script: the page's HTML was rendered from
 * its Markdown with raw HTML off (markdown.ts), so it is inserted as it is.
 */
export function renderPolicyHtml(
  shell: string,
  page: PageResponse,
  options: { publicUrl: string; brandName: string },
): string {
  const updated = page.updatedAt.slice(0, 10);
  const body = `<main class="mx-auto max-w-3xl px-4 py-10" data-server-rendered="page">
<article data-testid="policy-page" class="policy-text">
<h1 class="text-3xl font-bold">${escapeHtml(page.title)}</h1>
<p class="text-sm opacity-70">Version ${page.version} of ${escapeHtml(updated)}</p>
${page.html}
${sellerBlock(page.seller, options.brandName)}
</article>
${pageLinks()}
</main>`;
  return intoShell(
    shell,
    `${page.title} | ${options.brandName}`,
    `${options.publicUrl}${pagePath(page.slug)}`,
    body,
  );
}

/**
 * The contact page without script: the shop's address, and a plain form that posts to the API
 * (which answers JSON); the app draws its own form over it once loaded.
 */
export function renderContactHtml(
  shell: string,
  seller: PageResponse['seller'],
  options: { publicUrl: string; brandName: string },
): string {
  const body = `<main class="mx-auto max-w-3xl px-4 py-10" data-server-rendered="contact">
<h1 class="text-3xl font-bold">Contact</h1>
<p>Write to us with the form on this page; we answer by email.</p>
<noscript><p>The form needs JavaScript: turn it on to send a message.</p></noscript>
${sellerBlock(seller, options.brandName)}
${pageLinks()}
</main>`;
  return intoShell(shell, `Contact | ${options.brandName}`, `${options.publicUrl}/contact`, body);
}
