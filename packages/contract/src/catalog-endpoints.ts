import { IdParams } from './common.js';
import { json, type Endpoint } from './endpoint.js';
import {
  CatalogPage,
  CatalogQuery,
  PartPageResponse,
  PartRefParams,
  SuggestQuery,
  SuggestResponse,
  VehicleListResponse,
} from './catalog.js';
import { MyVehicleBody, MyVehicleResponse } from './catalog-fields.js';
import { PartResponse, UpdatePartBody } from './parts.js';

/** The catalog beside the spec's calls: search, browse, part pages, vehicles, staff edits. */
export const catalogEndpoints = {
  searchCatalog: {
    method: 'GET',
    path: '/api/catalog',
    tag: 'Catalog',
    summary: 'Search and browse: filters, facets (counts per value), sort and pages',
    description:
      '`q` is searched as text (name, description, part number, OEM numbers) and tolerates typos. ' +
      'When `q` is exactly one part number or OEM number, `exactMatch` names the part. ' +
      '`make`/`model`/`year` keep the parts that fit that vehicle; `fitsMake`/`fitsModel`/`fitsYear` ' +
      'only mark each card with `fits`.',
    access: 'public',
    query: CatalogQuery,
    errors: [400],
    answers: { 200: json('One page, the totals and the facets', CatalogPage) },
  },
  suggestParts: {
    method: 'GET',
    path: '/api/catalog/suggest',
    tag: 'Catalog',
    summary: 'Suggestions while typing in the search box (up to 8)',
    access: 'public',
    query: SuggestQuery,
    errors: [400],
    answers: { 200: json('Matching parts, best first', SuggestResponse) },
  },
  listVehicles: {
    method: 'GET',
    path: '/api/catalog/vehicles',
    tag: 'Catalog',
    summary: 'Every make and model the catalog has parts for, with their years',
    access: 'public',
    answers: { 200: json('Makes in alphabetical order', VehicleListResponse) },
  },
  getPartPage: {
    method: 'GET',
    path: '/api/catalog/parts/{idOrSku}',
    tag: 'Catalog',
    summary: "One part's page data: the part with its catalog fields, and its reviews",
    access: 'public',
    params: PartRefParams,
    errors: [404],
    answers: { 200: json('The part and its reviews', PartPageResponse) },
  },
  updatePart: {
    method: 'PUT',
    path: '/api/parts/{id}',
    tag: 'Catalog',
    summary: 'Edit a part (never its stock); recorded in the audit log',
    access: 'admin',
    params: IdParams,
    body: UpdatePartBody,
    errors: [400, 404, 409],
    answers: { 200: json('The part as stored', PartResponse) },
  },
  getMyVehicle: {
    method: 'GET',
    path: '/api/my-vehicle',
    tag: 'Accounts',
    summary: "The signed-in customer's vehicle, or null",
    access: 'customer',
    answers: { 200: json('The vehicle', MyVehicleResponse) },
  },
  putMyVehicle: {
    method: 'PUT',
    path: '/api/my-vehicle',
    tag: 'Accounts',
    summary: "Remember (or forget, with null) the signed-in customer's vehicle",
    access: 'customer',
    body: MyVehicleBody,
    errors: [400],
    answers: { 200: json('The vehicle', MyVehicleResponse) },
  },
} as const satisfies Record<string, Endpoint>;
