import { z } from 'zod';
import { IdParams } from './common.js';
import {
  IDEMPOTENCY_KEY,
  OrdersFeedPage,
  OrdersFeedQuery,
  PriceFeedBody,
  PriceFeedResult,
  ShipmentBody,
  StockFeedBody,
  StockFeedResult,
  V1CatalogPage,
  V1CatalogQuery,
  V1Order,
  V1OrderParams,
  V1PlaceOrderBody,
} from './v1.js';
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
  v1StockFeed: {
    method: 'POST',
    path: '/api/v1/stock',
    tag: 'Machine API v1',
    summary: 'Set or adjust the stock of up to 10,000 part numbers (counts or changes)',
    description:
      'Each line is an absolute count (`quantity`) or a relative change (`change`). A count is ' +
      'taken as of `countedAt` (default now): what the shop moved since (orders, cancels) is ' +
      'applied on top of it. Written through the stock ledger with the key as the actor, all ' +
      'lines in one transaction; unknown part numbers are listed, not fatal. Stock never goes ' +
      'below zero (`stoppedAtZero`).',
    access: 'api-key',
    scopes: ['stock:write'],
    body: StockFeedBody,
    errors: [400, 413],
    answers: { 200: json('What changed', StockFeedResult) },
  },
  v1PriceFeed: {
    method: 'POST',
    path: '/api/v1/prices',
    tag: 'Machine API v1',
    summary: 'Set list prices and volume ladders of up to 10,000 part numbers, in cents',
    description:
      'Lines whose ladder the part refuses are listed in `rejected` with each field; the others ' +
      'are written in one transaction. Unknown part numbers are listed, not fatal.',
    access: 'api-key',
    scopes: ['prices:write'],
    body: PriceFeedBody,
    errors: [400, 413],
    answers: { 200: json('What changed', PriceFeedResult) },
  },
  v1OrdersFeed: {
    method: 'GET',
    path: '/api/v1/orders',
    tag: 'Machine API v1',
    summary: 'Orders changed since a cursor, oldest change first, with lines and ship-to',
    description:
      'Keep `nextCursor` and call again: every change to an order brings it back once more. A ' +
      'page holds only changes whose transactions are over, so a change committed late is never ' +
      "skipped. A company key sees its company's orders only.",
    access: 'api-key',
    scopes: ['orders:read'],
    query: OrdersFeedQuery,
    errors: [400],
    answers: { 200: json('One page', OrdersFeedPage) },
  },
  v1GetOrder: {
    method: 'GET',
    path: '/api/v1/orders/{id}',
    tag: 'Machine API v1',
    summary: "One order (a company key: its company's orders only, 404 otherwise)",
    access: 'api-key',
    scopes: ['orders:read', 'orders:write'],
    params: V1OrderParams,
    errors: [404],
    answers: { 200: json('The order', V1Order) },
  },
  v1PlaceOrder: {
    method: 'POST',
    path: '/api/v1/orders',
    tag: 'Machine API v1',
    summary: "Place an order from a company's ERP: part numbers, PO number, ship-to",
    description:
      'Requires an `Idempotency-Key` header (8 to 100 letters, digits, `_ . : -`). The same key ' +
      'with the same body answers the same order (200); with another body, 422 ' +
      '`IDEMPOTENCY_KEY_REUSED`. Keys are kept at least 24 hours. The order is placed as the ' +
      "key's maker, for the key's company, on account or unpaid; every amount is the shop's.",
    access: 'api-key',
    scopes: ['orders:write'],
    headers: z.object({ 'idempotency-key': z.string().regex(IDEMPOTENCY_KEY) }),
    body: V1PlaceOrderBody,
    errors: [400, 409, 422],
    answers: {
      201: json('The order, placed now', V1Order),
      200: json('The order placed earlier with this key and body', V1Order),
    },
  },
  v1Ship: {
    method: 'POST',
    path: '/api/v1/orders/{id}/shipment',
    tag: 'Machine API v1',
    summary: 'Mark a paid order shipped, with one or more parcels; the customer is mailed',
    access: 'api-key',
    scopes: ['fulfilment:write'],
    params: V1OrderParams,
    body: ShipmentBody,
    errors: [400, 404, 409],
    answers: { 200: json('The order', V1Order) },
  },
  v1Deliver: {
    method: 'POST',
    path: '/api/v1/orders/{id}/delivery',
    tag: 'Machine API v1',
    summary: 'Mark a shipped order delivered',
    access: 'api-key',
    scopes: ['fulfilment:write'],
    params: V1OrderParams,
    errors: [404, 409],
    answers: { 200: json('The order', V1Order) },
  },
  v1Catalog: {
    method: 'GET',
    path: '/api/v1/catalog',
    tag: 'Machine API v1',
    summary: 'Parts with their prices, volume ladders and availability, a page at a time',
    access: 'api-key',
    scopes: ['catalog:read'],
    query: V1CatalogQuery,
    errors: [400],
    answers: { 200: json('One page', V1CatalogPage) },
  },
} as const satisfies Record<string, Endpoint>;
