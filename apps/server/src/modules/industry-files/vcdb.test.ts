import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VcdbReleaseDetails, VcdbReleaseSummary } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import {
  currentVcdb,
  uploadVcdb,
  vcdbFiles,
  VCDB_OCTOBER,
  VCDB_SEPTEMBER,
} from '../../test/industry-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { partFitments } from '../parts/parts.tables.js';
import { acesApplications, vcdbBaseVehicles, vcdbReleases } from './industry.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;

describe('VCdb releases: upload to preview, re-map stored applications, apply', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
  });
  const post = (url: string) => ctx.app.inject({ method: 'POST', url, headers: staff.auth });

  it('refuses an upload that lacks a table, a date, UTF-8 or its columns, and writes nothing', async () => {
    const files = vcdbFiles(VCDB_SEPTEMBER);
    const cases: [typeof files, number, RegExp][] = [
      [files.filter((f) => f.field !== 'model'), 400, /Model table/],
      [files.filter((f) => f.field !== 'version'), 400, /version date/],
      [
        files.map((f) =>
          f.field === 'make' ? { ...f, content: Buffer.from([0x4d, 0x61, 0x6b, 0xff, 0x0a]) } : f,
        ),
        400,
        /not UTF-8/,
      ],
      [
        files.map((f) => (f.field === 'make' ? { ...f, content: 'Id|Name\r\n54|Toyota\r\n' } : f)),
        400,
        /"makeid"/,
      ],
      [
        files.map((f) =>
          f.field === 'make' ? { ...f, content: 'MakeID|MakeName\r\n54|Toyota\r\n' } : f,
        ),
        400,
        /make or model the Make and Model tables do not hold/,
      ],
      [
        files.map((f) =>
          f.field === 'make' ? { ...f, content: 'MakeID|MakeName\r\n54|Toy\u0000ota\r\n' } : f,
        ),
        400,
        /NUL/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await uploadVcdb(ctx.app, staff, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const versionless = await uploadVcdb(
      ctx.app,
      staff,
      files.filter((f) => f.field !== 'version'),
      { versionDate: '2026-02-30' },
    );
    expect(versionless.statusCode).toBe(400);
    expect(await ctx.database.db.select().from(vcdbReleases)).toHaveLength(0);
    expect(await ctx.database.db.select().from(vcdbBaseVehicles)).toHaveLength(0);
  });

  it('answers only admins', async () => {
    const buyer = await customer(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/vcdb',
      headers: buyer.auth,
    });
    expect(res.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/vcdb' })).statusCode).toBe(401);
  });

  it('keeps the version date, applies once under 12 concurrent applies, then lists what a newer release breaks before changing anything', async () => {
    const september = await currentVcdb(ctx.app, staff, VCDB_SEPTEMBER);
    expect(september).toMatchObject({
      status: 'current',
      versionDate: '2026-09-30',
      counts: { baseVehicles: 7, makes: 2, models: 3, positions: 2, applications: 0 },
    });

    // A part with four applications stored as an ACES import leaves them.
    const { db } = ctx.database;
    const part = await insertPart(db, { sku: 'VC-100' });
    await db.insert(partFitments).values([
      {
        partId: part.id,
        make: 'Toyota',
        model: 'Corolla',
        yearFrom: 2014,
        yearTo: 2016,
        position: 'Front',
      },
      {
        partId: part.id,
        make: 'Toyota',
        model: 'Auris',
        yearFrom: 2013,
        yearTo: 2013,
        position: 'Front',
      },
    ]);
    await db.insert(acesApplications).values(
      (
        [
          [5001, 'Corolla', 2014],
          [5002, 'Corolla', 2015],
          [5003, 'Corolla', 2016],
          [5101, 'Auris', 2013],
        ] as const
      ).map(([baseVehicleId, model, year]) => ({
        partId: part.id,
        baseVehicleId,
        make: 'Toyota',
        model,
        year,
        position: 'Front',
        quantity: 2,
      })),
    );

    const res = await uploadVcdb(ctx.app, staff, vcdbFiles(VCDB_OCTOBER));
    expect(res.statusCode, res.body).toBe(201);
    const october = res.json<VcdbReleaseSummary>();
    expect(october).toMatchObject({
      status: 'previewed',
      versionDate: '2026-10-31',
      counts: { applications: 4, unresolved: 1, renamed: 1 },
    });
    const details = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/vcdb/${october.id}`,
      headers: staff.auth,
    });
    expect(details.json<VcdbReleaseDetails>().remap).toEqual([
      { partNumber: 'VC-100', baseVehicleId: 5003, before: 'Toyota Corolla 2016', after: null },
      {
        partNumber: 'VC-100',
        baseVehicleId: 5101,
        before: 'Toyota Auris 2013',
        after: 'Toyota Auris Touring 2013',
      },
    ]);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/vcdb/${october.id}/remap.csv`,
      headers: staff.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('VC-100,5003,Toyota Corolla 2016,,No longer in the VCdb');
    // Nothing changed by the preview.
    expect(
      (await db.select().from(partFitments).where(eq(partFitments.partId, part.id)))
        .map((f) => f.model)
        .sort(),
    ).toEqual(['Auris', 'Corolla']);

    const applies = await Promise.all(
      Array.from({ length: 12 }, () => post(`/api/staff/vcdb/${october.id}/apply`)),
    );
    expect(applies.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(11).fill(409)]);
    const fitments = await db.select().from(partFitments).where(eq(partFitments.partId, part.id));
    expect(
      fitments.map((f) => `${f.model} ${f.yearFrom}-${f.yearTo} ${f.position}`).sort(),
    ).toEqual(['Auris Touring 2013-2013 Front', 'Corolla 2014-2016 Front']);
    const apps = await db
      .select()
      .from(acesApplications)
      .where(eq(acesApplications.partId, part.id));
    expect(apps.find((a) => a.baseVehicleId === 5101)).toMatchObject({
      model: 'Auris Touring',
      quantity: 2,
    });
    // September is retired, its rows gone; October is current and still lists the broken id.
    const releases = await db.select().from(vcdbReleases);
    expect(releases.find((r) => r.id === september.id)?.status).toBe('retired');
    expect(
      await db.select().from(vcdbBaseVehicles).where(eq(vcdbBaseVehicles.releaseId, september.id)),
    ).toHaveLength(0);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/vcdb/${october.id}`,
      headers: staff.auth,
    });
    expect(after.json<VcdbReleaseDetails>().remap.map((r) => r.baseVehicleId)).toEqual([5003]);
    expect((await post(`/api/staff/vcdb/${october.id}/discard`)).statusCode).toBe(409);
    expect((await post(`/api/staff/vcdb/${crypto.randomUUID()}/apply`)).statusCode).toBe(404);
  });
});
