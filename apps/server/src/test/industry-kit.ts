import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { VcdbReleaseSummary } from '@storefront/contract';
import { formData, type FilePart } from './import-kit.js';

/** A VCdb release in the pipe-delimited text edition: its tables as text, header first. */
export type VcdbRelease = {
  versionDate: string;
  makes: [number, string][];
  models: [number, string][];
  baseVehicles: [id: number, year: number, makeId: number, modelId: number][];
  positions?: [number, string][];
};

const table = (header: string[], rows: (string | number)[][]) =>
  [header, ...rows].map((r) => r.join('|')).join('\r\n') + '\r\n';

export const vcdbFiles = (release: VcdbRelease): FilePart[] => [
  {
    field: 'baseVehicle',
    name: 'BaseVehicle.txt',
    content: table(['BaseVehicleID', 'YearID', 'MakeID', 'ModelID'], release.baseVehicles),
  },
  { field: 'make', name: 'Make.txt', content: table(['MakeID', 'MakeName'], release.makes) },
  {
    field: 'model',
    name: 'Model.txt',
    content: table(
      ['ModelID', 'ModelName', 'VehicleTypeID'],
      release.models.map((m) => [...m, 5]),
    ),
  },
  ...(release.positions
    ? [
        {
          field: 'position',
          name: 'Position.txt',
          content: table(['PositionID', 'Position'], release.positions),
        },
      ]
    : []),
  {
    field: 'version',
    name: 'Version.txt',
    content: table(['VersionDate'], [[release.versionDate]]),
  },
];

/** The release the tests start from (ids as the VCdb numbers them, names as it writes them). */
export const VCDB_SEPTEMBER: VcdbRelease = {
  versionDate: '2026-09-30',
  makes: [
    [54, 'Toyota'],
    [59, 'Honda'],
  ],
  models: [
    [2285, 'Corolla'],
    [2290, 'Auris'],
    [3110, 'Civic'],
  ],
  baseVehicles: [
    [5001, 2014, 54, 2285],
    [5002, 2015, 54, 2285],
    [5003, 2016, 54, 2285],
    [5004, 2017, 54, 2285],
    [5101, 2013, 54, 2290],
    [5102, 2014, 54, 2290],
    [6001, 2018, 59, 3110],
  ],
  positions: [
    [22, 'Front'],
    [30, 'Rear'],
  ],
};

/** The next month's: 5003 retired, the Auris renamed. */
export const VCDB_OCTOBER: VcdbRelease = {
  ...VCDB_SEPTEMBER,
  versionDate: '2026-10-31',
  models: [
    [2285, 'Corolla'],
    [2290, 'Auris Touring'],
    [3110, 'Civic'],
  ],
  baseVehicles: VCDB_SEPTEMBER.baseVehicles.filter(([id]) => id !== 5003),
};

export async function uploadVcdb(
  app: FastifyInstance,
  staff: { auth: Record<string, string> },
  files: FilePart[],
  fields: Record<string, string> = {},
) {
  const body = formData(files, fields);
  return app.inject({
    method: 'POST',
    url: '/api/staff/vcdb',
    headers: { ...staff.auth, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a release and makes it current. */
export async function currentVcdb(
  app: FastifyInstance,
  staff: { auth: Record<string, string> },
  release: VcdbRelease,
): Promise<VcdbReleaseSummary> {
  const res = await uploadVcdb(app, staff, vcdbFiles(release));
  expect(res.statusCode, res.body).toBe(201);
  const applied = await app.inject({
    method: 'POST',
    url: `/api/staff/vcdb/${res.json<VcdbReleaseSummary>().id}/apply`,
    headers: staff.auth,
  });
  expect(applied.statusCode, applied.body).toBe(200);
  return applied.json<VcdbReleaseSummary>();
}

/** Uploads an ACES file to the catalog import's preview (the answer, not waited for). */
export async function uploadAces(
  app: FastifyInstance,
  staff: { auth: Record<string, string> },
  content: string | Buffer,
  name = 'fitment.xml',
) {
  const body = formData([{ field: 'aces', name, content, type: 'application/xml' }]);
  return app.inject({
    method: 'POST',
    url: '/api/staff/imports/aces',
    headers: { ...staff.auth, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a PIES file to the catalog import's preview (the answer, not waited for). */
export async function uploadPies(
  app: FastifyInstance,
  staff: { auth: Record<string, string> },
  content: string | Buffer,
  name = 'items.xml',
) {
  const body = formData([{ field: 'pies', name, content, type: 'application/xml' }]);
  return app.inject({
    method: 'POST',
    url: '/api/staff/imports/pies',
    headers: { ...staff.auth, ...body.headers },
    payload: body.payload,
  });
}
