import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogImportSummary } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { settled } from '../../test/import-kit.js';
import { currentVcdb, uploadAces, VCDB_SEPTEMBER } from '../../test/industry-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { partFitments } from '../parts/parts.tables.js';
import { acesApplications, acesStagedApps, acesUnmapped } from './industry.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;
const good = readFileSync(new URL('./fixtures/aces-full.xml', import.meta.url), 'utf8');
const header = `<Header><Company>X</Company><SubmissionType>FULL</SubmissionType></Header>`;
const app = (inner = '') =>
  `<App action="A" id="1"><BaseVehicle id="5001"/>${inner}<Qty>1</Qty><Part>HX-1</Part></App>`;
const aces = (body: string, prolog = '<?xml version="1.0" encoding="UTF-8"?>\n') =>
  `${prolog}<ACES version="4.2">${header}${body}<Footer><RecordCount>1</RecordCount></Footer></ACES>`;

const LAUGHS =
  '<?xml version="1.0"?>\n<!DOCTYPE ACES [\n<!ENTITY lol "lol">\n' +
  Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
  ).join('\n') +
  `\n]>\n<ACES version="4.2">${header}<App action="A"><BaseVehicle id="5001"/><Note>&lol9;</Note><Part>HX-1</Part></App><Footer><RecordCount>1</RecordCount></Footer></ACES>`;

describe('ACES files that attack the reader are refused, and nothing is written', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;
  let part: string;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
    part = (await insertPart(ctx.database.db, { sku: 'HX-1' })).id;
    await ctx.database.db
      .insert(partFitments)
      .values({ partId: part, make: 'Ford', model: 'Focus', yearFrom: 2011, yearTo: 2014 });
    await currentVcdb(ctx.app, staff, VCDB_SEPTEMBER);
  });
  const nothingWritten = async () => {
    const rows = await ctx.database.db
      .select()
      .from(partFitments)
      .where(eq(partFitments.partId, part));
    expect(rows.map((r) => `${r.make} ${r.model}`)).toEqual(['Ford Focus']);
    expect(await ctx.database.db.select().from(acesStagedApps)).toHaveLength(0);
    expect(await ctx.database.db.select().from(acesApplications)).toHaveLength(0);
  };

  it('refuses at the upload: DTDs and entities (billion laughs, XXE), other encodings, another root or version, an empty file', async () => {
    const cases: [string | Buffer, RegExp][] = [
      [LAUGHS, /declares a DTD or entities/],
      [
        `<?xml version="1.0"?>\n<!DOCTYPE ACES [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<ACES version="4.2">${header}<App><Note>&xxe;</Note></App></ACES>`,
        /declares a DTD or entities/,
      ],
      [aces(app(), '<?xml version="1.0" encoding="ISO-8859-1"?>\n'), /encoding "ISO-8859-1"/],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(aces(app()), 'utf16le')]), /UTF-16/],
      ['<?xml version="1.0"?><PIES version="7.2"></PIES>', /not an ACES file/],
      [aces(app()).replace('version="4.2"', 'version="3.2"'), /ACES version "3.2"/],
      ['', /empty/],
      // A prolog longer than the first 64 KB (a DTD hidden after a long comment) is not looked into.
      [
        aces(
          app(),
          `<?xml version="1.0"?>\n<!--${'c'.repeat(70_000)}-->\n<!DOCTYPE ACES [<!ENTITY a "b">]>\n`,
        ),
        /not an ACES file/,
      ],
    ];
    for (const [content, message] of cases) {
      const res = await uploadAces(ctx.app, staff, content);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/imports/aces',
      headers: staff.auth,
      payload: { aces: good },
    });
    expect(json.statusCode).toBe(415);
    await nothingWritten();
  });

  it('fails the preview with the reason for what only reading finds: deep nesting, a 10 MB attribute, an unknown entity, broken UTF-8, a wrong SubmissionType, a missing footer', async () => {
    const deep = `${'<SubModel id="1">'.repeat(5000)}${'</SubModel>'.repeat(5000)}`;
    const cases: [string | Buffer, RegExp][] = [
      [aces(app(deep)), /nest deeper than 16/],
      [aces(app(`<Note a="${'x'.repeat(10 * 1_048_576)}"/>`)), /longer than/],
      [aces(app(`<Note>${'y'.repeat(3 * 1_048_576)}</Note>`)), /longer than/],
      [aces(app('<Note>&lol;</Note>')), /not well-formed/],
      [
        Buffer.concat([
          Buffer.from(aces(app('<Note>caf')).split('caf')[0]! + 'caf'),
          Buffer.from([0xc3, 0x28]),
          Buffer.from(
            '</Note><Qty>1</Qty><Part>HX-1</Part></App><Footer><RecordCount>1</RecordCount></Footer></ACES>',
          ),
        ]),
        /not UTF-8/,
      ],
      [aces(app()).replace('>FULL<', '>PARTIAL<'), /SubmissionType is "PARTIAL"/],
      [aces(app()).replace(/<Footer>.*$/, ''), /not well-formed|no Footer/],
    ];
    for (const [content, message] of cases) {
      const res = await uploadAces(ctx.app, staff, content);
      expect(res.statusCode, res.body).toBe(202);
      const job = await settled(ctx.app, staff, res.json<CatalogImportSummary>().id);
      expect(job.status).toBe('failed');
      expect(job.failure).toMatch(message);
      expect(job.failure).toMatch(/Nothing was changed/);
    }
    await nothingWritten();
  });

  it('answers only admins, and 404 for an import that is not there', async () => {
    const buyer = await customer(ctx.app);
    expect((await uploadAces(ctx.app, buyer, good)).statusCode).toBe(403);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/imports/${crypto.randomUUID()}/aces-unmapped`,
      headers: staff.auth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('applies one preview once under 12 concurrent applies', async () => {
    const res = await uploadAces(ctx.app, staff, aces(app()));
    const job = await settled(ctx.app, staff, res.json<CatalogImportSummary>().id);
    expect(job.status, job.failure ?? '').toBe('previewed');
    const applies = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/staff/imports/${job.id}/apply`,
          headers: staff.auth,
          payload: {},
        }),
      ),
    );
    expect(applies.map((r) => r.statusCode).sort()).toEqual([202, ...Array<number>(11).fill(409)]);
    const done = await settled(ctx.app, staff, job.id);
    expect(done.status, done.failure ?? '').toBe('applied');
    const apps = await ctx.database.db.select().from(acesApplications);
    expect(apps.map((a) => a.baseVehicleId)).toEqual([5001]);
    expect(
      await ctx.database.db.select().from(acesUnmapped).where(eq(acesUnmapped.importId, job.id)),
    ).toHaveLength(0);
  });
});
