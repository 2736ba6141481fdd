import type { OpenApiDocument } from '@storefront/contract';
import { escapeHtml } from '../../http/escape-html.js';

const block = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: unknown }> }
  >;
};

/**
 * A readable page of the OpenAPI document, rendered once at start: no script, no outside
 * resources, so it works offline and under the API's strict content policy.
 */
export function renderApiDocs(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as unknown as Operation;
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`,
        )
        .join('');
      const body = op.requestBody
        ? `<h4>Body</h4>${block(Object.values(op.requestBody.content)[0]?.schema ?? {})}`
        : '';
      const answers = Object.entries(op.responses)
        .map(([status, r]) => {
          const schema = r.content ? Object.values(r.content)[0]?.schema : undefined;
          return `<li><strong>${status}</strong> ${escapeHtml(r.description)}${schema ? `<details><summary>shape</summary>${block(schema)}</details>` : ''}</li>`;
        })
        .join('');
      const html = `<section id="${escapeHtml(op.operationId)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)}</p>
<p>${escapeHtml(op.description)
        .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/\n\n/g, '<br>')}</p>
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}${body}<h4>Answers</h4><ul>${answers}</ul>
</section>`;
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  const toc = [...byTag.keys()]
    .map((t) => `<a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem 1.5rem;color:#1f2937}
h1{color:#1e3a8a}h2{border-bottom:2px solid #1e3a8a;margin-top:2.5rem}
section{border:1px solid #d1d5db;border-radius:.5rem;padding:.25rem 1rem;margin:1rem 0}
pre{background:#f3f4f6;padding:.75rem;overflow-x:auto;font-size:.85rem}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:.25rem;color:#fff;font-size:.85rem;padding:.1rem .4rem}
.get{background:#1d4ed8}.post{background:#15803d}.put,.patch{background:#92400e}.delete{background:#b91c1c}
</style></head><body>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json"><code>/api/openapi.json</code></a> (OpenAPI ${document.openapi}).</p>
<nav>${toc}</nav>
${sections}
</body></html>`;
}
