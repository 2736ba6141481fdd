import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CatalogQuery,
  CreatePartBody,
  endpoints,
  IdParams,
  PartListQuery,
  PartRefParams,
  routePath,
  SuggestQuery,
  UpdatePartBody,
  type CatalogFilters,
  type CatalogPage,
  type PartListResponse,
  type PartPageResponse,
  type PartResponse,
  type PublicConfig,
  type SuggestResponse,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import type { CachedBody, CatalogCache } from './catalog-cache.js';
import type {
  BuyerSearchPrices,
  BuyerSearchPricesFor,
  PriceOverlay,
  PriceOverlayFor,
} from './price-overlay.js';
import {
  catalogFacets,
  catalogItems,
  withVehicleFitment,
  exactPartNumber,
  findFitments,
  findLivePart,
  parseSearch,
  replaceFitment,
  suggestParts,
  toCatalogPart,
} from './catalog.service.js';
import { encode, pickEncoding, type Encoded } from './compressed.js';
import { loadAppRenderer } from './app-renderer.js';
import {
  catalogPageShown,
  renderCatalogAppHtml,
  renderCatalogHtml,
  shippedPictureInliner,
} from './part-html.js';
import type { SearchPort } from './search/catalog-search.js';
import { createPart, toPartResponse, updatePartDetails } from './parts.service.js';

export type PartRoutesOptions = {
  db: Db;
  guards: Guards;
  catalog: CatalogCache;
  /** A part's reviews for its page (the reviews module's, handed in by app.ts). */
  partReviews: (db: DbOrTx, partId: string) => Promise<PartPageResponse['reviews']>;
  /** The in-memory search; when it cannot answer, the database does. */
  search?: SearchPort;
  /** A company buyer's prices over the shared answers (the price lists module's). */
  priceOverlay: PriceOverlayFor;
  /** A company buyer's prices for sorting, filtering and counting the search (the same's). */
  buyerSearchPrices: BuyerSearchPricesFor;
};

/** Sends cached JSON as it is, or 304 when the browser already has this version. */
function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = cached.encoded ? pickEncoding(request.headers['accept-encoding']) : null;
  if (encoding && cached.encoded)
    return reply.header('content-encoding', encoding).send(cached.encoded[encoding]);
  return reply.send(cached.body);
}

/**
 * A company buyer's answer (decision 061): their prices over the shared one, never cached by
 * anyone (it is theirs), never answered 304 from the public answer's ETag.
 */
function sendPrivate(reply: FastifyReply, body: unknown) {
  reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
  return reply.send(body);
}

/**
 * The caller's price overlay for these parts, or null when the shared answer is theirs too.
 * Staff read the catalog as the shop sells it, never through a company's list: the part editor
 * loads these answers and must never save a contract price as the part's own.
 */
async function overlayFor(
  { db, guards, priceOverlay }: Pick<PartRoutesOptions, 'db' | 'guards' | 'priceOverlay'>,
  request: FastifyRequest,
  partIds: () => string[],
): Promise<PriceOverlay | null> {
  const caller = await guards.optionalUser(request);
  if (!caller || (await guards.isAdmin(caller))) return null;
  return priceOverlay(db, caller.sub, partIds());
}

/** The filters that decide facet counts, as a cache key (page and sort do not change them). */
const facetKey = (f: ReturnType<typeof CatalogQuery.parse>) =>
  `facets:${JSON.stringify([f.q?.toLowerCase() ?? '', f.category, f.make, f.model, f.year, f.minPrice, f.maxPrice, f.inStock ?? false])}`;

export const partRoutes: FastifyPluginAsyncZod<PartRoutesOptions> = async (
  app,
  { db, guards, catalog, search, partReviews, priceOverlay, buyerSearchPrices },
) => {
  /**
   * The search prices each account had on its last search (null: public), a guess only: the
   * page is computed with it while the account's prices are read again (pricing company and
   * lists, membership checked now), and answered only when those have the same key, which names
   * the company and its lists' versions; otherwise it is computed again with the prices read.
   * So a search costs one round trip more than a visitor's only in time, not in sequence.
   */
  const lastPrices = new Map<string, BuyerSearchPrices | null>();
  const remember = (userId: string, buyer: BuyerSearchPrices | null) => {
    if (lastPrices.size >= 10_000) lastPrices.clear();
    lastPrices.set(userId, buyer);
  };
  async function buyerPage(userId: string, filters: CatalogFilters) {
    const guess = lastPrices.get(userId);
    let buyer: BuyerSearchPrices | null;
    let page: CatalogPage;
    if (guess === undefined) {
      buyer = await buyerSearchPrices(db, userId);
      page = await loadCatalogPage(db, catalog, filters, search, buyer);
    } else {
      const [now, guessed] = await Promise.all([
        buyerSearchPrices(db, userId),
        loadCatalogPage(db, catalog, filters, search, guess),
      ]);
      buyer = now;
      page =
        (now?.key ?? null) === (guess?.key ?? null)
          ? guessed
          : await loadCatalogPage(db, catalog, filters, search, now);
    }
    remember(userId, buyer);
    return { buyer, page };
  }

  app.get(routePath(endpoints.listParts), async (request, reply) => {
    const { page, limit } = parseOr400(PartListQuery, request.query ?? {});
    const cached = await catalog.list(page, limit);
    reply.header('x-total-count', String(cached.total));
    if (page * limit < cached.total)
      reply.header('link', `</api/parts?page=${page + 1}&limit=${limit}>; rel="next"`);
    if (request.headers.authorization) {
      const items = JSON.parse(cached.body) as PartListResponse;
      const overlay = await overlayFor({ db, guards, priceOverlay }, request, () =>
        items.map((i) => i._id),
      );
      if (overlay)
        return sendPrivate(
          reply,
          items.map((i) => overlay.part(i)),
        );
    }
    return sendCached(request, reply, cached);
  });

  app.get(
    routePath(endpoints.getPart),
    { schema: { params: IdParams } },
    async (request, reply) => {
      const cached = await catalog.one(request.params.id);
      if (!cached) throw notFound('Part');
      if (request.headers.authorization) {
        const item = JSON.parse(cached.body) as PartResponse;
        const overlay = await overlayFor({ db, guards, priceOverlay }, request, () => [item._id]);
        if (overlay) return sendPrivate(reply, overlay.part(item));
      }
      return sendCached(request, reply, cached);
    },
  );

  app.post(routePath(endpoints.createPart), async (request, reply) => {
    // Who asks comes before what they sent: a non-admin learns nothing from validation.
    const caller = await guards.requireAdmin(request);
    const body = parseOr400(CreatePartBody, request.body ?? {});
    const row = await createPart(db, body, async (tx, partId) => {
      if (body.fitment) await replaceFitment(tx, partId, body.fitment);
      await recordAudit(
        tx,
        { userId: caller.sub, email: caller.email },
        {
          action: 'part.create',
          targetType: 'part',
          targetId: partId,
          summary: `Added ${body.name}`,
        },
      );
    });
    catalog.invalidate();
    return reply.status(201).send(toPartResponse(row));
  });

  app.put(routePath(endpoints.updatePart), async (request) => {
    const caller = await guards.requireAdmin(request);
    const { id } = parseOr400(IdParams, request.params);
    const body = parseOr400(UpdatePartBody, request.body ?? {});
    const result = await db.transaction(async (tx) => {
      const changed = await updatePartDetails(tx, id, body);
      if (!changed) return undefined;
      if (body.fitment) await replaceFitment(tx, id, body.fitment);
      const { before, after } = changed;
      const fields = (
        [
          ['name', before.name, after.name],
          ['description', before.description, after.description],
          ['minimum order quantity', before.minOrderQuantity, after.minOrderQuantity],
          ['price', before.priceCents, after.priceCents],
          ['image', before.imageUrl, after.imageUrl],
          ['part number', before.sku, after.sku],
          ['category', before.category, after.category],
          ['OEM numbers', before.oemNumbers.join(','), after.oemNumbers.join(',')],
          [
            'superseded numbers',
            before.supersededNumbers.join(','),
            after.supersededNumbers.join(','),
          ],
          [
            'volume prices',
            `${before.tierQuantities.join(',')}@${before.tierCents.join(',')}`,
            `${after.tierQuantities.join(',')}@${after.tierCents.join(',')}`,
          ],
          ['specifications', JSON.stringify(before.specs), JSON.stringify(after.specs)],
          ['featured', before.featured, after.featured],
        ] as const
      )
        .filter(([, a, b]) => a !== b)
        .map(([name]): string => name);
      if (body.fitment) fields.push('fitment');
      await recordAudit(
        tx,
        { userId: caller.sub, email: caller.email },
        {
          action: 'part.edit',
          targetType: 'part',
          targetId: id,
          summary: `Edited ${after.sku} ${after.name}${fields.length ? `: ${fields.join(', ')}` : ''}`,
          details: { changed: fields },
        },
      );
      return after;
    });
    if (!result) throw notFound('Part');
    catalog.invalidate();
    return toPartResponse(result);
  });

  app.get(
    routePath(endpoints.searchCatalog),
    { compress: {} },
    async (request, reply): Promise<CatalogPage> => {
      const filters = parseOr400(CatalogQuery, request.query ?? {});
      reply.header('cache-control', 'no-cache');
      // A company buyer's search is sorted, filtered, counted and shown by their prices
      // (decision 061, "Search by the buyer's price"); staff search as the shop sells.
      const caller = await guards.optionalUser(request);
      if (!caller || (await guards.isAdmin(caller)))
        return loadCatalogPage(db, catalog, filters, search);
      const { buyer, page } = await buyerPage(caller.sub, filters);
      if (!buyer) return page;
      reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
      return page;
    },
  );

  app.get(routePath(endpoints.suggestParts), async (request, reply): Promise<SuggestResponse> => {
    const { q } = parseOr400(SuggestQuery, request.query ?? {});
    const text = q?.trim() ?? '';
    reply.header('cache-control', 'no-cache');
    if (text.length < 2) return { items: [], exactMatch: null };
    const shared = await loadSuggestions(db, catalog, text, search);
    const overlay = await overlayFor({ db, guards, priceOverlay }, request, () =>
      shared.items.map((i) => i.id),
    );
    if (!overlay) return shared;
    reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
    return { ...shared, items: shared.items.map((i) => overlay.suggestion(i)) };
  });

  app.get(routePath(endpoints.listVehicles), async (request, reply) =>
    sendCached(request, reply, await catalog.vehicles()),
  );

  app.get(routePath(endpoints.getPartPage), async (request, reply) => {
    const { idOrSku } = parseOr400(PartRefParams, request.params);
    const page = await loadPartPage(db, catalog, partReviews, idOrSku);
    if (!page) throw notFound('Part');
    const overlay = await overlayFor({ db, guards, priceOverlay }, request, () => [page.part._id]);
    if (!overlay) return page;
    reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
    return { ...page, part: overlay.part(page.part) };
  });
};

/** Suggestions as everyone gets them: from the index, else the database (kept in the cache). */
async function loadSuggestions(
  db: Db,
  catalog: CatalogCache,
  text: string,
  search?: SearchPort,
): Promise<SuggestResponse> {
  if (search) {
    const [items, exactMatch] = await Promise.all([search.suggest(text), search.exact(text)]);
    if (items && exactMatch !== undefined) return { items, exactMatch };
  }
  return catalog.memo(`suggest:${text.toLowerCase()}`, async () => {
    const [items, exactMatch] = await Promise.all([
      suggestParts(db, text),
      exactPartNumber(db, text),
    ]);
    return { items, exactMatch };
  });
}

/**
 * One page of the catalog (`GET /api/catalog`), its counts per filter kept in the catalog cache.
 * With a company buyer's prices (`buyer`), sorted, filtered, counted and shown by them, and
 * nothing of it kept in the catalog cache.
 */
export async function loadCatalogPage(
  db: Db,
  catalog: CatalogCache,
  filters: CatalogFilters,
  index?: SearchPort,
  buyer?: BuyerSearchPrices | null,
): Promise<CatalogPage> {
  const text = filters.q?.trim() ?? '';
  const fromIndex = index ? await index.catalog(filters, buyer) : null;
  if (fromIndex && index) {
    const exact = text && filters.page === 1 ? await index.exact(text) : null;
    return {
      items: await withVehicleFitment(db, fromIndex.items, filters),
      total: fromIndex.total,
      page: filters.page,
      pageSize: filters.pageSize,
      pageCount: Math.max(1, Math.ceil(fromIndex.total / filters.pageSize)),
      facets: fromIndex.facets,
      exactMatch: exact === undefined ? await exactPartNumber(db, text) : exact,
    };
  }
  const search = text ? await parseSearch(db, text) : null;
  const [exactMatch, counted, items] = await Promise.all([
    text && filters.page === 1 ? exactPartNumber(db, text) : Promise.resolve(null),
    buyer
      ? catalogFacets(db, filters, search, buyer.priceSql)
      : catalog.memo(facetKey(filters), () => catalogFacets(db, filters, search)),
    catalogItems(db, filters, search, buyer?.priceSql),
  ]);
  return {
    items: await withVehicleFitment(db, items, filters),
    total: counted.total,
    page: filters.page,
    pageSize: filters.pageSize,
    pageCount: Math.max(1, Math.ceil(counted.total / filters.pageSize)),
    facets: counted.facets,
    exactMatch,
  };
}

/**
 * `/parts` as served: the prerendered page (`html`) with the first page of the catalog drawn
 * into it and its data beside it, compressed, kept in the catalog cache until the next change.
 * Drawn by the web build's renderer, the app's own markup, which the app hydrates (decision 070);
 * without one, the server's plain cards, which the app replaces.
 */
export const fillCatalogPage = (
  db: Db,
  catalog: CatalogCache,
  webDistDir: string,
  publicConfig: PublicConfig,
  search?: SearchPort,
) => {
  const inlineImage = shippedPictureInliner(webDistDir);
  return (html: string): Promise<{ body: string } & Encoded> =>
    catalog.memo('html:/parts', async () => {
      const page = await loadCatalogPage(db, catalog, CatalogQuery.parse({}), search);
      const renderer = await loadAppRenderer(webDistDir);
      let body: string;
      if (renderer) {
        // The first card's picture is the page's largest paint on a phone: inlined when small, in
        // the data too, so the app's first render draws what the server drew.
        const shown = catalogPageShown(page);
        const [first] = shown.items;
        if (first) shown.items[0] = { ...first, url: inlineImage(first.url) ?? first.url };
        body = renderCatalogAppHtml(
          html,
          shown,
          await renderer.renderCatalogPage(shown, publicConfig),
        );
      } else body = renderCatalogHtml(html, page, inlineImage);
      return { body, ...encode(body) };
    });
};

/** A part page's data, by id or part number; null when there is no such live part. */
export async function loadPartPage(
  db: Db,
  catalog: CatalogCache,
  partReviews: PartRoutesOptions['partReviews'],
  idOrSku: string,
): Promise<PartPageResponse | null> {
  if (idOrSku.length === 0 || idOrSku.length > 64) return null;
  return catalog.memo(`page:${idOrSku.toUpperCase()}`, async () => {
    const row = await findLivePart(db, idOrSku);
    if (!row) return null;
    const [fitment, reviews] = await Promise.all([
      findFitments(db, row.id),
      partReviews(db, row.id),
    ]);
    return { part: toCatalogPart(row, fitment), reviews };
  });
}
