import { AppError } from '../../http/errors.js';
import { xmlEvents } from './xml-stream.js';

/** One PIES `Item`, as far as the shop reads it. */
export type PiesItem = {
  line: number;
  maintenance: string;
  partNumber: string | null;
  brandId: string | null;
  brandLabel: string | null;
  /** By description code (DES, SHO, EXT, MKT…), the English one first. */
  descriptions: Map<string, string>;
  prices: { type: string; currency: string | null; amount: string; uom: string | null }[];
  /** QuantityofEaches of each package, in file order. */
  packages: number[];
  interchanges: { brandId: string | null; brandLabel: string | null; partNumber: string }[];
  assets: { uri: string; assetType: string | null }[];
  /** The Item's segments the shop does not read (ProductAttributes, ExtendedInformation…). */
  unread: string[];
};

export type PiesEntry =
  | { kind: 'header'; version: string; submissionType: string | null }
  | { kind: 'item'; item: PiesItem }
  | { kind: 'segment'; name: string };

const refuse = (name: string, message: string) =>
  new AppError(400, 'UNREADABLE_FILE', `${name}: ${message}. Nothing was changed.`);

/** The Item's children the shop reads (the others are reported by name). */
const READ = new Set([
  'PartNumber',
  'BrandAAIAID',
  'BrandLabel',
  'Descriptions',
  'Prices',
  'Packages',
  'PartInterchangeInfo',
  'DigitalAssets',
]);

/**
 * A PIES 7.x file as its header, its Items and the names of the other top-level segments, in file
 * order, streamed (xmlEvents: no DTD, no entities, sizes capped). Each Item comes whole.
 */
export async function* readPies(file: { path: string; name: string }): AsyncGenerator<PiesEntry> {
  let version = '';
  let submissionType: string | null = null;
  let headerDone = false;
  let item: PiesItem | null = null;
  const path: string[] = [];
  const attrs: Record<string, string>[] = [];
  let text = '';
  let price: PiesItem['prices'][number] | null = null;
  let exchange: { brandId: string | null; brandLabel: string | null } | null = null;
  let asset: { uri: string; assetType: string | null } | null = null;
  for await (const e of xmlEvents(file)) {
    if (e.kind === 'text') {
      text += e.text;
      continue;
    }
    if (e.kind === 'open') {
      path[e.depth - 1] = e.name;
      path.length = e.depth;
      attrs[e.depth - 1] = e.attributes;
      attrs.length = e.depth;
      text = '';
      if (e.depth === 1 && e.name !== 'PIES') throw refuse(file.name, 'it is not a PIES file');
      if (e.depth === 2 && e.name !== 'Header' && !headerDone) {
        headerDone = true;
        if (!/^7\.\d+$/.test(version))
          throw refuse(
            file.name,
            `it is PIES version "${version.slice(0, 10)}": this shop reads PIES 7.x`,
          );
        yield { kind: 'header', version, submissionType };
      }
      if (e.depth === 2 && e.name !== 'Header' && e.name !== 'Items' && e.name !== 'Trailer')
        yield { kind: 'segment', name: e.name.slice(0, 60) };
      if (e.depth === 3 && e.name === 'Item' && path[1] === 'Items')
        item = {
          line: e.line,
          maintenance: (e.attributes.MaintenanceType ?? 'A').slice(0, 2),
          partNumber: null,
          brandId: null,
          brandLabel: null,
          descriptions: new Map(),
          prices: [],
          packages: [],
          interchanges: [],
          assets: [],
          unread: [],
        };
      if (item && e.depth === 4 && !READ.has(e.name)) item.unread.push(e.name.slice(0, 60));
      if (item && e.depth === 5 && e.name === 'Pricing')
        price = {
          type: (e.attributes.PriceType ?? '').slice(0, 10),
          currency: null,
          amount: '',
          uom: null,
        };
      if (item && e.depth === 6 && e.name === 'Price' && price)
        price.uom = e.attributes.UOM?.slice(0, 10) ?? null;
      if (item && e.depth === 5 && e.name === 'PartInterchange')
        exchange = {
          brandId: e.attributes.BrandAAIAID?.slice(0, 10) ?? null,
          brandLabel: e.attributes.BrandLabel?.slice(0, 60) ?? null,
        };
      if (item && e.depth === 5 && e.name === 'DigitalFileInformation')
        asset = { uri: '', assetType: null };
      continue;
    }
    const value = text.trim();
    text = '';
    const parent = path[e.depth - 2];
    if (!headerDone && parent === 'Header' && e.depth === 3) {
      if (e.name === 'PIESVersion') version = value.slice(0, 10);
      if (e.name === 'SubmissionType') submissionType = value.slice(0, 20);
    }
    if (item) {
      if (e.depth === 4 && e.name === 'PartNumber') item.partNumber = value || null;
      if (e.depth === 4 && e.name === 'BrandAAIAID') item.brandId = value.slice(0, 10) || null;
      if (e.depth === 4 && e.name === 'BrandLabel') item.brandLabel = value.slice(0, 60) || null;
      if (e.depth === 5 && e.name === 'Description' && value) {
        const a = attrs[4] ?? {};
        const code = (a.DescriptionCode ?? '').slice(0, 10);
        const english = !a.LanguageCode || /^en/i.test(a.LanguageCode);
        if (english && !item.descriptions.has(code)) item.descriptions.set(code, value);
      }
      if (price && e.depth === 6 && e.name === 'CurrencyCode')
        price.currency = value.slice(0, 3) || null;
      if (price && e.depth === 6 && e.name === 'Price') price.amount = value.slice(0, 20);
      if (price && e.depth === 5 && e.name === 'Pricing') {
        item.prices.push(price);
        price = null;
      }
      if (e.depth === 6 && e.name === 'QuantityofEaches' && parent === 'Package') {
        const n = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
        if (Number.isFinite(n)) item.packages.push(n);
      }
      if (exchange && e.depth === 6 && e.name === 'PartNumber' && value)
        item.interchanges.push({ ...exchange, partNumber: value.slice(0, 60) });
      if (exchange && e.depth === 5 && e.name === 'PartInterchange') exchange = null;
      if (asset && e.depth === 6 && e.name === 'URI') asset.uri = value.slice(0, 2000);
      if (asset && e.depth === 6 && e.name === 'AssetType')
        asset.assetType = value.slice(0, 10) || null;
      if (asset && e.depth === 5 && e.name === 'DigitalFileInformation') {
        if (asset.uri) item.assets.push(asset);
        asset = null;
      }
      if (e.depth === 3 && e.name === 'Item') {
        yield { kind: 'item', item };
        item = null;
      }
    }
  }
  if (!headerDone) throw refuse(file.name, 'it has no Header or no Items');
}
