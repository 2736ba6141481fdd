import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CatalogImportDetails, CatalogImportSummary } from '@storefront/contract';

export type FilePart = { field: string; name: string; content: Buffer | string; type?: string };

/** A multipart/form-data body as a browser's FormData sends it: files and plain fields. */
export function formData(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----storefront${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const f of files)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** CSV text from rows of cells (quoted where needed), lines ended as Excel ends them. */
export const csvOf = (rows: (string | number)[][], delimiter = ','): string =>
  rows
    .map((r) =>
      r
        .map((c) => {
          const text = String(c);
          return /[",;\r\n\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
        })
        .join(delimiter),
    )
    .join('\r\n') + '\r\n';

/** Uploads files as staff, and waits for the preview to finish reading. */
export async function upload(
  app: FastifyInstance,
  staff: { auth: Record<string, string> },
  files: FilePart[],
  fields: Record<string, string> = {},
) {
  const body = formData(files, fields);
  return app.inject({
    method: 'POST',
    url: '/api/staff/imports',
    headers: { ...staff.auth, ...body.headers },
    payload: body.payload,
  });
}

/** Polls an import until it leaves `reading` or `applying`. */
export async function settled(
  app: FastifyInstance,
  staff: { auth: Record<string, string> },
  id: string,
): Promise<CatalogImportDetails> {
  for (let i = 0; i < 2400; i += 1) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/staff/imports/${id}`,
      headers: staff.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<CatalogImportDetails>();
    if (job.status !== 'reading' && job.status !== 'applying') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} did not settle`);
}

/** Uploads and waits for the preview. */
export async function preview(
  app: FastifyInstance,
  staff: { auth: Record<string, string> },
  files: FilePart[],
  fields: Record<string, string> = {},
): Promise<CatalogImportDetails> {
  const res = await upload(app, staff, files, fields);
  expect(res.statusCode, res.body).toBe(202);
  return settled(app, staff, res.json<CatalogImportSummary>().id);
}

/** Applies a preview and waits for the outcome. */
export async function apply(
  app: FastifyInstance,
  staff: { auth: Record<string, string> },
  id: string,
  validOnly = false,
): Promise<CatalogImportDetails> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/staff/imports/${id}/apply`,
    headers: staff.auth,
    payload: { validOnly },
  });
  expect(res.statusCode, res.body).toBe(202);
  return settled(app, staff, id);
}
