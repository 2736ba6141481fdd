import { type z } from 'zod';
import { CompanyParams } from './companies.js';
import { json, type Access, type Endpoint } from './endpoint.js';
import {
  CompanyWebhookDeliveryParams,
  CompanyWebhookParams,
  CreatedWebhookEndpoint,
  StaffWebhookDeliveryParams,
  StaffWebhookParams,
  WebhookDeliveryList,
  WebhookDeliveryView,
  WebhookEndpointBody,
  WebhookEndpointList,
  WebhookSecret,
} from './webhooks.js';

const TAG = 'Webhooks';
const companyNote =
  "A company's endpoints are its owners' alone: anyone else gets 404. They hear the company's " +
  'own events only.';

/** The same nine calls for the shop's endpoints (staff) and a company's (its owners). */
function webhookCalls<const P extends `/api/${string}`>(
  base: P,
  access: Access,
  params: { list?: z.ZodObject; one: z.ZodObject; delivery: z.ZodObject },
  note?: string,
) {
  const one = `${base}/{${access === 'admin' ? 'id' : 'endpointId'}}` as `/api/${string}`;
  const extra = note ? { description: note } : {};
  const listParams = params.list ? { params: params.list } : {};
  return {
    list: {
      method: 'GET',
      path: base,
      tag: TAG,
      summary: 'The webhook endpoints',
      access,
      ...extra,
      ...listParams,
      errors: [404],
      answers: { 200: json('The endpoints', WebhookEndpointList) },
    },
    create: {
      method: 'POST',
      path: base,
      tag: TAG,
      summary: 'Add an endpoint: its address, and the events it hears (none listed: all)',
      description: [
        'The answer holds the signing secret (`whsec_…`). Addresses must be https and may not ' +
          'resolve to loopback, private, link-local or metadata addresses.',
        note,
      ]
        .filter(Boolean)
        .join(' '),
      access,
      ...listParams,
      body: WebhookEndpointBody,
      errors: [400, 404],
      answers: { 201: json('The endpoint and its secret', CreatedWebhookEndpoint) },
    },
    remove: {
      method: 'DELETE',
      path: one,
      tag: TAG,
      summary: 'Remove an endpoint (its pending deliveries are dropped)',
      access,
      ...extra,
      params: params.one,
      errors: [404],
      answers: { 200: json('The endpoints after the change', WebhookEndpointList) },
    },
    enable: {
      method: 'POST',
      path: `${one}/enable`,
      tag: TAG,
      summary: 'Turn a disabled endpoint back on (its failure count starts again)',
      access,
      ...extra,
      params: params.one,
      errors: [404],
      answers: { 200: json('The endpoints after the change', WebhookEndpointList) },
    },
    rotate: {
      method: 'POST',
      path: `${one}/rotate-secret`,
      tag: TAG,
      summary: 'Make a new signing secret; the old one also signs for 24 hours',
      access,
      ...extra,
      params: params.one,
      errors: [404],
      answers: { 200: json('The new secret', WebhookSecret) },
    },
    test: {
      method: 'POST',
      path: `${one}/test`,
      tag: TAG,
      summary: 'Send a test event (`webhook.test`) to the endpoint',
      access,
      ...extra,
      params: params.one,
      errors: [404],
      answers: { 201: json('The delivery', WebhookDeliveryView) },
    },
    deliveries: {
      method: 'GET',
      path: `${one}/deliveries`,
      tag: TAG,
      summary: "The endpoint's delivery log, newest first: status, attempts, answer code",
      access,
      ...extra,
      params: params.one,
      errors: [404],
      answers: { 200: json('The last 100 deliveries', WebhookDeliveryList) },
    },
    resend: {
      method: 'POST',
      path: `${one}/deliveries/{deliveryId}/resend`,
      tag: TAG,
      summary: 'Send a delivery again (the same event id, body and signature scheme)',
      access,
      ...extra,
      params: params.delivery,
      errors: [404],
      answers: { 201: json('The new delivery', WebhookDeliveryView) },
    },
  } as const satisfies Record<string, Endpoint>;
}

const staff = webhookCalls('/api/staff/webhooks', 'admin', {
  one: StaffWebhookParams,
  delivery: StaffWebhookDeliveryParams,
});
const company = webhookCalls(
  '/api/companies/{id}/webhooks',
  'customer',
  { list: CompanyParams, one: CompanyWebhookParams, delivery: CompanyWebhookDeliveryParams },
  companyNote,
);

export const webhookEndpoints = {
  staffWebhooks: staff.list,
  staffCreateWebhook: staff.create,
  staffRemoveWebhook: staff.remove,
  staffEnableWebhook: staff.enable,
  staffRotateWebhookSecret: staff.rotate,
  staffTestWebhook: staff.test,
  staffWebhookDeliveries: staff.deliveries,
  staffResendWebhook: staff.resend,
  companyWebhooks: company.list,
  companyCreateWebhook: company.create,
  companyRemoveWebhook: company.remove,
  companyEnableWebhook: company.enable,
  companyRotateWebhookSecret: company.rotate,
  companyTestWebhook: company.test,
  companyWebhookDeliveries: company.deliveries,
  companyResendWebhook: company.resend,
} as const satisfies Record<string, Endpoint>;
