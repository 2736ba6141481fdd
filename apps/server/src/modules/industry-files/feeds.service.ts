import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { NO_PICTURE_URL, PART_COLUMNS, type PartColumnKey } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { uuidArray } from '../../db/array-literals.js';
import { rowsOf } from '../../db/raw-rows.js';
import { listCell, moneyCell } from '../catalog-import/cells.js';
import { csvFile } from '../catalog-import/export.js';
import { fitmentsRelation } from '../parts/bulk-catalog.service.js';
import { partsRelation } from '../parts/stock.service.js';
import { buyerUnitPriceSql } from '../price-lists/buyer-prices.js';
import {
  acesApplications,
  piesPartData,
  vcdbBaseVehicles,
  vcdbMakes,
  vcdbModels,
  vcdbPositions,
  vcdbReleases,
  type PiesPrice,
} from './industry.tables.js';

/*
 * The catalog as a distributor asks for it (issue 39, decision 067): ACES XML, PIES XML or the
 * shop's CSV, every live part at the company's own price for its minimum order (the price lists'
 * SQL twin of the contract's rule, decision 061), streamed page by page.
 */

type FeedPart = {
  id: string;
  sku: string;
  name: string;
  description: string;
  category: string;
  cents: number;
  minOrderQuantity: number;
  packSize: number;
  maxOrderQuantity: number | null;
  stock: number;
  imageUrl: string;
  oemNumbers: string[];
  supersededNumbers: string[];
};

const PAGE = 500;
const array = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** The live parts by part number, a page at a time, priced for `companyId`. */
async function* pages(db: DbOrTx, companyId: string): AsyncGenerator<FeedPart[]> {
  let after = '';
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`
        select p.id::text as id, p.sku, p.name, p.description, p.category, p.min_order_quantity,
               p.pack_size, p.max_order_quantity, p.available_quantity, p.image_url, p.oem_numbers,
               p.superseded_numbers,
               ${buyerUnitPriceSql('p', sql`p.min_order_quantity`, sql`${companyId}::uuid`)} as cents
          from ${partsRelation} p
         where p.archived_at is null and p.sku > ${after}
         order by p.sku limit ${PAGE}`),
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: String(r.id),
      sku: String(r.sku),
      name: String(r.name),
      description: String(r.description ?? ''),
      category: String(r.category),
      cents: Number(r.cents),
      minOrderQuantity: Number(r.min_order_quantity),
      packSize: Number(r.pack_size),
      maxOrderQuantity: r.max_order_quantity === null ? null : Number(r.max_order_quantity),
      stock: Number(r.available_quantity),
      imageUrl: String(r.image_url ?? ''),
      oemNumbers: array(r.oem_numbers),
      supersededNumbers: array(r.superseded_numbers),
    }));
    if (rows.length < PAGE) return;
    after = String(rows.at(-1)!.sku);
  }
}

const FEED_COLUMNS: PartColumnKey[] = [
  'sku',
  'name',
  'description',
  'category',
  'price',
  'minOrderQuantity',
  'packSize',
  'maxOrderQuantity',
  'stock',
  'imageUrl',
  'oemNumbers',
  'supersededNumbers',
];

/** The shop's CSV (the catalog import's columns), at the company's prices; formula-safe. */
export function feedCsv(db: DbOrTx, companyId: string): Readable {
  async function* rows(): AsyncGenerator<string[]> {
    for await (const page of pages(db, companyId))
      for (const p of page) {
        const cells: Record<string, string> = {
          sku: p.sku,
          name: p.name,
          description: p.description,
          category: p.category,
          price: moneyCell(p.cents),
          minOrderQuantity: String(p.minOrderQuantity),
          packSize: String(p.packSize),
          maxOrderQuantity: p.maxOrderQuantity === null ? '' : String(p.maxOrderQuantity),
          stock: String(p.stock),
          imageUrl: p.imageUrl,
          oemNumbers: listCell(p.oemNumbers),
          supersededNumbers: listCell(p.supersededNumbers),
        };
        yield FEED_COLUMNS.map((k) => cells[k] ?? '');
      }
  }
  return csvFile(
    FEED_COLUMNS.map((k) => PART_COLUMNS.find((c) => c.key === k)!.header),
    rows(),
  );
}

/** Text for an XML element or attribute: the five characters escaped, control characters dropped. */
export const xml = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const today = () => new Date().toISOString().slice(0, 10);

/** A stream of text pieces as a byte stream with back-pressure. */
const streamOf = (pieces: AsyncGenerator<string>) =>
  Readable.from(
    (async function* () {
      let buffer = '';
      for await (const piece of pieces) {
        buffer += piece;
        if (buffer.length >= 64 * 1024) {
          yield Buffer.from(buffer);
          buffer = '';
        }
      }
      if (buffer) yield Buffer.from(buffer);
    })(),
  );

/**
 * ACES 4.2: one App per part and model year of each vehicle row, with the base vehicle the row
 * came from (else the current VCdb's for that make, model and year), its quantity and PCdb part
 * type as imported. A vehicle year the VCdb does not hold, or an App with no known part type, is
 * left out and counted in a comment at the end (ACES requires both).
 */
export function feedAces(db: DbOrTx, companyId: string, sender: string): Readable {
  async function* pieces(): AsyncGenerator<string> {
    const [release] = rowsOf(
      await db.execute(sql`select id::text as id, version_date::text as version_date
                             from ${vcdbReleases} where status = 'current' limit 1`),
    );
    const releaseId = release ? String(release.id) : null;
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2">\n  <Header>\n';
    yield `    <Company>${xml(sender)}</Company>\n    <SenderName>${xml(sender)}</SenderName>\n`;
    yield `    <TransferDate>${today()}</TransferDate>\n    <DocumentTitle>Catalog</DocumentTitle>\n`;
    yield `    <EffectiveDate>${today()}</EffectiveDate>\n    <SubmissionType>FULL</SubmissionType>\n`;
    if (release) yield `    <VcdbVersionDate>${String(release.version_date)}</VcdbVersionDate>\n`;
    yield '  </Header>\n';
    let count = 0;
    let skipped = 0;
    for await (const page of pages(db, companyId)) {
      const ids = page.map((p) => p.id);
      const sku = new Map(page.map((p) => [p.id, p.sku]));
      const rows = rowsOf(
        await db.execute(sql`
          select f.part_id::text as part_id, f.make, f.model, y.y as year, f.position, f.note,
                 coalesce(a.base_vehicle_id, (
                   select b.base_vehicle_id from ${vcdbBaseVehicles} b
                     join ${vcdbMakes} mk on mk.release_id = b.release_id and mk.make_id = b.make_id
                     join ${vcdbModels} md on md.release_id = b.release_id and md.model_id = b.model_id
                    where b.release_id = ${releaseId}::uuid and mk.name = f.make and md.name = f.model
                      and b.year = y.y
                    order by b.base_vehicle_id limit 1)) as base_vehicle_id,
                 a.quantity, a.part_type_id,
                 (select ps.position_id from ${vcdbPositions} ps
                   where ps.release_id = ${releaseId}::uuid and ps.name = f.position limit 1) as position_id
            from ${fitmentsRelation} f
            cross join lateral generate_series(f.year_from, f.year_to) as y(y)
            left join lateral (
              select a.base_vehicle_id, a.quantity, a.part_type_id from ${acesApplications} a
               where a.part_id = f.part_id and a.make = f.make and a.model = f.model and a.year = y.y
                 and a.position = f.position and a.note = f.note
               limit 1) a on true
           where f.part_id = any(${uuidArray(ids)}::uuid[])
           order by f.part_id, f.make, f.model, y.y, f.position, f.note`),
      );
      for (const r of rows) {
        const position =
          r.position_id !== null
            ? Number(r.position_id)
            : /^Position (\d{1,9})$/.exec(String(r.position))?.[1];
        if (r.base_vehicle_id === null || r.part_type_id === null) {
          skipped += 1;
          continue;
        }
        count += 1;
        yield `  <App action="A" id="${count}">\n    <BaseVehicle id="${Number(r.base_vehicle_id)}"/>\n`;
        if (r.note) yield `    <Note>${xml(String(r.note))}</Note>\n`;
        yield `    <Qty>${r.quantity === null ? 1 : Number(r.quantity)}</Qty>\n`;
        yield `    <PartType id="${Number(r.part_type_id)}"/>\n`;
        if (position !== undefined && String(r.position) !== '')
          yield `    <Position id="${Number(position)}"/>\n`;
        yield `    <Part>${xml(sku.get(String(r.part_id)) ?? '')}</Part>\n  </App>\n`;
      }
    }
    yield `  <Footer>\n    <RecordCount>${count}</RecordCount>\n  </Footer>\n`;
    if (skipped > 0)
      yield `  <!-- ${skipped} vehicle years are not in this file: the VCdb holds no base vehicle for them, or no PCdb part type is known. -->\n`;
    yield '</ACES>\n';
  }
  return streamOf(pieces());
}

/**
 * PIES 7.2: one Item per live part: part number, brand (as its PIES file gave it), name (DES) and
 * description (MKT), the company's price as the list price with the other price types kept from
 * PIES, the pack size as a package's quantity of eaches, OEM numbers and the numbers it
 * supersedes as interchange, the picture as a digital asset.
 */
export function feedPies(db: DbOrTx, companyId: string, origin: string): Readable {
  async function* pieces(): AsyncGenerator<string> {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<PIES xmlns="http://www.autocare.org">\n  <Header>\n    <PIESVersion>7.2</PIESVersion>\n';
    yield `    <SubmissionType>FULL</SubmissionType>\n    <BlanketEffectiveDate>${today()}</BlanketEffectiveDate>\n`;
    yield '    <CurrencyCode>USD</CurrencyCode>\n    <LanguageCode>EN</LanguageCode>\n  </Header>\n  <Items>\n';
    let count = 0;
    for await (const page of pages(db, companyId)) {
      const extra = new Map(
        rowsOf(
          await db.execute(sql`
            select part_id::text as part_id, brand_id, brand_label, prices from ${piesPartData}
             where part_id = any(${uuidArray(page.map((p) => p.id))}::uuid[])`),
        ).map((r) => [String(r.part_id), r] as const),
      );
      for (const p of page) {
        count += 1;
        const d = extra.get(p.id);
        const brand = d?.brand_id ? String(d.brand_id) : 'ZZZZ';
        yield `    <Item MaintenanceType="A">\n      <PartNumber>${xml(p.sku)}</PartNumber>\n`;
        yield `      <BrandAAIAID>${xml(brand)}</BrandAAIAID>\n`;
        if (d?.brand_label) yield `      <BrandLabel>${xml(String(d.brand_label))}</BrandLabel>\n`;
        yield '      <Descriptions>\n';
        yield `        <Description MaintenanceType="A" DescriptionCode="DES" LanguageCode="EN">${xml(p.name)}</Description>\n`;
        if (p.description)
          yield `        <Description MaintenanceType="A" DescriptionCode="MKT" LanguageCode="EN">${xml(p.description)}</Description>\n`;
        yield '      </Descriptions>\n      <Prices>\n';
        const prices: PiesPrice[] = [
          { type: 'LST', cents: p.cents, currency: 'USD', uom: 'PE' },
          ...((d?.prices as PiesPrice[] | undefined) ?? []),
        ];
        for (const price of prices)
          yield `        <Pricing MaintenanceType="A" PriceType="${xml(price.type)}">\n          <CurrencyCode>${xml(price.currency)}</CurrencyCode>\n          <Price UOM="${xml(price.uom ?? 'PE')}">${moneyCell(price.cents)}</Price>\n        </Pricing>\n`;
        yield '      </Prices>\n      <Packages>\n        <Package MaintenanceType="A">\n';
        yield `          <PackageUOM>EA</PackageUOM>\n          <QuantityofEaches>${p.packSize}</QuantityofEaches>\n        </Package>\n      </Packages>\n`;
        const exchanges = [
          ...p.oemNumbers.map((n) => ({ brand: 'OEM', n })),
          ...p.supersededNumbers.map((n) => ({ brand, n })),
        ];
        if (exchanges.length > 0) {
          yield '      <PartInterchangeInfo>\n';
          for (const e of exchanges)
            yield `        <PartInterchange MaintenanceType="A" BrandAAIAID="${xml(e.brand)}">\n          <PartNumber>${xml(e.n)}</PartNumber>\n        </PartInterchange>\n`;
          yield '      </PartInterchangeInfo>\n';
        }
        const uri =
          p.imageUrl === NO_PICTURE_URL
            ? null
            : /^https:\/\//i.test(p.imageUrl)
              ? p.imageUrl
              : p.imageUrl.startsWith('/')
                ? `${origin}${p.imageUrl}`
                : null;
        if (uri && /^https?:\/\//i.test(uri))
          yield `      <DigitalAssets>\n        <DigitalFileInformation MaintenanceType="A" LanguageCode="EN">\n          <AssetType>P04</AssetType>\n          <URI>${xml(uri)}</URI>\n        </DigitalFileInformation>\n      </DigitalAssets>\n`;
        yield '    </Item>\n';
      }
    }
    yield `  </Items>\n  <Trailer>\n    <ItemCount>${count}</ItemCount>\n    <TransactionDate>${today()}</TransactionDate>\n  </Trailer>\n</PIES>\n`;
  }
  return streamOf(pieces());
}
