import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  isPageSlug,
  PageBody,
  PageParams,
  routePath,
  type PageResponse,
  type PageSlug,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import { renderMarkdown } from './markdown.js';
import { renderContactHtml, renderPolicyHtml } from './page-html.js';
import type { PageVersionRow } from './policies.tables.js';
import { publicBody } from './starting-pages.js';
import {
  currentPage,
  listPages,
  pageHistory,
  pageVersionView,
  savePage,
} from './policies.service.js';

export type PolicyRoutesOptions = {
  db: Db;
  guards: Guards;
  publicUrl: string;
  brandName: string;
  webDistDir: string;
  seller: { address: string; taxId: string | null };
};

const pageNotFound = () => notFound('Page');

/** Pages that show the shop's address and tax id. */
const WITH_SELLER: readonly PageSlug[] = ['legal'];

/** The shop's pages: read by anyone (API and server-drawn HTML), written by staff as versions. */
export const policyRoutes: FastifyPluginAsyncZod<PolicyRoutesOptions> = async (
  app,
  { db, guards, publicUrl, brandName, webDistDir, seller },
) => {
  const sellerShown = seller.address || seller.taxId ? seller : null;
  const view = (row: PageVersionRow): PageResponse => ({
    slug: row.slug as PageSlug,
    title: row.title,
    version: row.version,
    updatedAt: row.createdAt.toISOString(),
    html: renderMarkdown(publicBody(row.body, row.isTemplate)),
    isTemplate: row.isTemplate,
    seller: WITH_SELLER.includes(row.slug as PageSlug) ? sellerShown : null,
  });
  const load = async (slug: string) => {
    if (!isPageSlug(slug)) return null;
    const row = await currentPage(db, slug);
    return row ? view(row) : null;
  };

  app.get(routePath(endpoints.getPage), { schema: { params: PageParams } }, async (request) => {
    const page = await load(request.params.slug);
    if (!page) throw pageNotFound();
    return page;
  });

  const shellFile = path.join(webDistDir, 'app.html');
  const shell = fs.existsSync(shellFile) ? fs.readFileSync(shellFile, 'utf8') : null;
  if (shell) {
    const options = { publicUrl, brandName };
    app.get<{ Params: { slug: string } }>('/pages/:slug', async (request, reply) => {
      const page = await load(request.params.slug);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!page) return reply.status(404).send(shell);
      return reply.send(renderPolicyHtml(shell, page, options));
    });
    const contactHtml = renderContactHtml(shell, sellerShown, options);
    app.get('/contact', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(contactHtml),
    );
  }

  app.get(routePath(endpoints.staffPages), async (request) => {
    await guards.requireAdmin(request);
    return listPages(db);
  });

  app.get(
    routePath(endpoints.staffPageHistory),
    { schema: { params: PageParams } },
    async (request) => {
      await guards.requireAdmin(request);
      const { slug } = request.params;
      if (!isPageSlug(slug)) throw pageNotFound();
      return (await pageHistory(db, slug)).map(pageVersionView);
    },
  );

  app.put(
    routePath(endpoints.staffSavePage),
    { schema: { params: PageParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { slug } = request.params;
      if (!isPageSlug(slug)) throw pageNotFound();
      const body = parseOr400(PageBody, request.body ?? {});
      const row = await db.transaction(async (tx) => {
        const saved = await savePage(tx, slug, { ...body, by: caller.sub });
        await recordAudit(
          tx,
          { userId: caller.sub, email: caller.email },
          {
            action: 'page.save',
            targetType: 'page',
            targetId: slug,
            summary: `Saved ${saved.title} as version ${saved.version}`,
          },
        );
        return saved;
      });
      return pageVersionView(row);
    },
  );
};
