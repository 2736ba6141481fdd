import { CompanyParams } from './companies.js';
import { json, type Endpoint } from './endpoint.js';
import {
  CartTaxBody,
  CartTaxResponse,
  CompanyTaxStatusBody,
  CompanyTaxStatusResponse,
  TaxRegionBody,
  TaxRegionList,
  TaxRegionParams,
  TaxRegionResponse,
} from './tax-shapes.js';

const TAG = 'Taxes';
const regions = '/api/staff/tax-regions';
const staffStatus = '/api/staff/companies/{id}/tax-status';

/** Taxes (issue 37): staff configure regions and companies' statuses; members read their own. */
export const taxEndpoints = {
  cartTax: {
    method: 'POST',
    path: '/api/cart/tax',
    tag: TAG,
    summary: "The caller's cart's net, tax per rate and gross for a ship-to, before placing",
    description:
      'Computed by the calculator placing uses, for the company the caller buys for (decision ' +
      '066); `tax` is null where the shop collects no tax. Placing computes it again.',
    access: 'customer',
    body: CartTaxBody,
    errors: [400],
    answers: { 200: json('The tax the cart would pay', CartTaxResponse) },
  },
  staffTaxRegions: {
    method: 'GET',
    path: regions,
    tag: TAG,
    summary: 'Where the shop collects tax: every region with its rate and category rates',
    access: 'admin',
    answers: { 200: json('The regions, by country and state', TaxRegionList) },
  },
  staffCreateTaxRegion: {
    method: 'POST',
    path: regions,
    tag: TAG,
    summary: 'Collect tax in a country, or a state or province of one, at a rate (percent)',
    access: 'admin',
    body: TaxRegionBody,
    errors: [400, 409],
    answers: { 201: json('The region', TaxRegionResponse) },
  },
  staffUpdateTaxRegion: {
    method: 'PUT',
    path: `${regions}/{id}`,
    tag: TAG,
    summary: "Change a region's place, rate and category rates (orders placed keep their tax)",
    access: 'admin',
    params: TaxRegionParams,
    body: TaxRegionBody,
    errors: [400, 404, 409],
    answers: { 200: json('The region', TaxRegionResponse) },
  },
  staffDeleteTaxRegion: {
    method: 'DELETE',
    path: `${regions}/{id}`,
    tag: TAG,
    summary: 'Stop collecting tax in a region (orders placed keep their tax)',
    access: 'admin',
    params: TaxRegionParams,
    errors: [404],
    answers: { 200: json('The regions left', TaxRegionList) },
  },
  companyTaxStatus: {
    method: 'GET',
    path: '/api/companies/{id}/tax-status',
    tag: TAG,
    summary: "The company's tax status: standard, exempt (its certificate) or reverse charge",
    description: 'Anyone outside the company gets 404.',
    access: 'customer',
    params: CompanyParams,
    errors: [404],
    answers: { 200: json('The status', CompanyTaxStatusResponse) },
  },
  staffCompanyTaxStatus: {
    method: 'GET',
    path: staffStatus,
    tag: TAG,
    summary: "A company's tax status",
    access: 'admin',
    params: CompanyParams,
    errors: [404],
    answers: { 200: json('The status', CompanyTaxStatusResponse) },
  },
  staffSetCompanyTaxStatus: {
    method: 'PUT',
    path: staffStatus,
    tag: TAG,
    summary:
      "Set a company's tax status; an exemption or a VAT id applies only once verified (VAT ids are format-checked)",
    access: 'admin',
    params: CompanyParams,
    body: CompanyTaxStatusBody,
    errors: [400, 404],
    answers: { 200: json('The status', CompanyTaxStatusResponse) },
  },
  staffVerifyCompanyTaxStatus: {
    method: 'POST',
    path: `${staffStatus}/verify`,
    tag: TAG,
    summary:
      "Record that staff verified the company's exemption certificate or confirmed its VAT id",
    access: 'admin',
    params: CompanyParams,
    errors: [404, 409],
    answers: { 200: json('The status', CompanyTaxStatusResponse) },
  },
  uploadTaxCertificate: {
    method: 'POST',
    path: '/api/companies/{id}/tax-status/certificate',
    tag: TAG,
    summary:
      "Upload an exempt company's certificate (PDF, JPEG, PNG or WebP); staff verify it again",
    description:
      'Send `multipart/form-data` with the file in the field `certificate` (10 MB at most). Staff ' +
      "or the company's owner; anyone else gets 404. The file replaces the one before; the " +
      'exemption applies again once staff verify it.',
    access: 'customer',
    params: CompanyParams,
    errors: [400, 404, 409, 413, 415],
    answers: { 200: json('The status', CompanyTaxStatusResponse) },
  },
  getTaxCertificate: {
    method: 'GET',
    path: '/api/companies/{id}/tax-status/certificate',
    tag: TAG,
    summary: "An exempt company's certificate file, for its members and staff",
    description: 'Anyone else, or a company with no file, gets 404.',
    access: 'customer',
    params: CompanyParams,
    errors: [404],
    answers: { 200: { description: 'The file (PDF or picture)', contentType: 'application/pdf' } },
  },
} as const satisfies Record<string, Endpoint>;
