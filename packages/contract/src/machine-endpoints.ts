import { IdParams } from './common.js';
import {
  ApiKeyList,
  ApiKeySelf,
  CompanyApiKeyBody,
  CompanyApiKeyParams,
  CreatedApiKey,
  StaffApiKeyBody,
} from './api-keys.js';
import { CompanyParams } from './companies.js';
import { json, type Endpoint } from './endpoint.js';

const shownOnce =
  'The answer holds the whole key (`secret`) this once: the shop keeps only its SHA-256 hash ' +
  'and its first characters, to recognise it in lists.';

/** Keys and endpoints for machines, as staff and company owners manage them (issue 35). */
export const machineAdminEndpoints = {
  staffApiKeys: {
    method: 'GET',
    path: '/api/staff/api-keys',
    tag: 'Machine access',
    summary: "The shop's staff API keys, newest first (revoked ones too)",
    access: 'admin',
    answers: { 200: json('The keys', ApiKeyList) },
  },
  staffCreateApiKey: {
    method: 'POST',
    path: '/api/staff/api-keys',
    tag: 'Machine access',
    summary: 'Make a staff API key (name, scopes, optional expiry and rate)',
    description: shownOnce,
    access: 'admin',
    body: StaffApiKeyBody,
    errors: [400],
    answers: { 201: json('The key, with its secret', CreatedApiKey) },
  },
  staffRevokeApiKey: {
    method: 'DELETE',
    path: '/api/staff/api-keys/{id}',
    tag: 'Machine access',
    summary: 'Revoke a staff API key at once',
    access: 'admin',
    params: IdParams,
    errors: [404],
    answers: { 200: json('The keys after the change', ApiKeyList) },
  },
  companyApiKeys: {
    method: 'GET',
    path: '/api/companies/{id}/api-keys',
    tag: 'Machine access',
    summary: "The company's API keys (owners only)",
    description: 'Anyone but an owner of the company gets 404.',
    access: 'customer',
    params: CompanyParams,
    errors: [404],
    answers: { 200: json('The keys', ApiKeyList) },
  },
  companyCreateApiKey: {
    method: 'POST',
    path: '/api/companies/{id}/api-keys',
    tag: 'Machine access',
    summary: "Make a key for the company's ERP: its orders and prices only (owners only)",
    description: `${shownOnce} Anyone but an owner of the company gets 404.`,
    access: 'customer',
    params: CompanyParams,
    body: CompanyApiKeyBody,
    errors: [400, 404],
    answers: { 201: json('The key, with its secret', CreatedApiKey) },
  },
  companyRevokeApiKey: {
    method: 'DELETE',
    path: '/api/companies/{id}/api-keys/{keyId}',
    tag: 'Machine access',
    summary: "Revoke one of the company's keys at once (owners only)",
    access: 'customer',
    params: CompanyApiKeyParams,
    errors: [404],
    answers: { 200: json('The keys after the change', ApiKeyList) },
  },
} as const satisfies Record<string, Endpoint>;

/** The versioned machine API: every route takes an API key and answers the shop's error shape. */
export const v1Endpoints = {
  v1Key: {
    method: 'GET',
    path: '/api/v1/key',
    tag: 'Machine API v1',
    summary: 'The calling key: its name, kind, company and scopes',
    access: 'api-key',
    answers: { 200: json('The key', ApiKeySelf) },
  },
} as const satisfies Record<string, Endpoint>;
