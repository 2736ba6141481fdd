import { IdParams } from './common.js';
import { json, type Endpoint } from './endpoint.js';
import { UploadedImage } from './images.js';
import { OrderResponse } from './orders.js';
import {
  AdminEmailParams,
  AdminList,
  AuditPage,
  AuditQuery,
  GrantAdminBody,
  ShipOrderBody,
  StaffCancelBody,
  StaffOrderDetails,
  StaffOrderPage,
  StaffOrderQuery,
  StaffOverview,
} from './staff.js';

/** The staff console's endpoints: every one for admins only, checked on the server. */
export const staffEndpoints = {
  staffOverview: {
    method: 'GET',
    path: '/api/staff/overview',
    tag: 'Staff',
    summary: "Today's and the last 30 days' paid orders and revenue, orders to ship, low stock",
    access: 'admin',
    answers: { 200: json('The figures', StaffOverview) },
  },
  staffOrders: {
    method: 'GET',
    path: '/api/staff/orders',
    tag: 'Staff',
    summary: "Every customer's orders, newest first, filtered and a page at a time",
    description:
      '`q` is an order number (`A-10042` or `10042`, exact) or part of an email or part name. ' +
      'Pages follow `nextCursor` (older) and `prevCursor` (newer); totals cover the whole filter.',
    access: 'admin',
    query: StaffOrderQuery,
    errors: [400],
    answers: { 200: json('One page and the totals', StaffOrderPage) },
  },
  staffOrdersCsv: {
    method: 'GET',
    path: '/api/staff/orders.csv',
    tag: 'Staff',
    summary: 'The filtered orders as CSV, streamed (any number of rows)',
    access: 'admin',
    query: StaffOrderQuery.omit({ after: true, before: true, pageSize: true }),
    errors: [400],
    answers: { 200: { description: 'CSV, one order a line', contentType: 'text/csv' } },
  },
  staffOrder: {
    method: 'GET',
    path: '/api/staff/orders/{id}',
    tag: 'Staff',
    summary: 'One order with its customer, payment, refunds, timeline and mails',
    access: 'admin',
    params: IdParams,
    errors: [404],
    answers: { 200: json('The order', StaffOrderDetails) },
  },
  staffShip: {
    method: 'POST',
    path: '/api/staff/orders/{id}/ship',
    tag: 'Staff',
    summary:
      'Mark a paid order shipped with its carrier and tracking number (the customer is mailed)',
    access: 'admin',
    params: IdParams,
    body: ShipOrderBody,
    errors: [400, 404, 409],
    answers: { 200: json('The order, shipped', OrderResponse) },
  },
  staffDeliver: {
    method: 'POST',
    path: '/api/staff/orders/{id}/deliver',
    tag: 'Staff',
    summary: 'Mark a shipped order delivered',
    access: 'admin',
    params: IdParams,
    errors: [404, 409],
    answers: { 200: json('The order, delivered', OrderResponse) },
  },
  staffCancel: {
    method: 'POST',
    path: '/api/staff/orders/{id}/cancel',
    tag: 'Staff',
    summary: 'Cancel an order that has not shipped; a paid one is refunded in full',
    description:
      'The stock comes back and, for a paid order, the refund is recorded in the same transaction ' +
      'and carried out at the payment provider by a durable job.',
    access: 'admin',
    params: IdParams,
    body: StaffCancelBody,
    errors: [400, 404, 409],
    answers: { 200: json('The order, canceled', OrderResponse) },
  },
  staffAdmins: {
    method: 'GET',
    path: '/api/staff/admins',
    tag: 'Staff',
    summary: 'Who is an admin, and the grants waiting for their owner to prove the address',
    access: 'admin',
    answers: { 200: json('The admins', AdminList) },
  },
  staffGrantAdmin: {
    method: 'POST',
    path: '/api/staff/admins',
    tag: 'Staff',
    summary: 'Make an address an admin (takes effect once its owner has proved it)',
    access: 'admin',
    body: GrantAdminBody,
    errors: [400],
    answers: { 200: json('The admins after the change', AdminList) },
  },
  staffRevokeAdmin: {
    method: 'DELETE',
    path: '/api/staff/admins/{email}',
    tag: 'Staff',
    summary: 'Take the admin role from an address (never the last admin)',
    access: 'admin',
    params: AdminEmailParams,
    errors: [404, 409],
    answers: { 200: json('The admins after the change', AdminList) },
  },
  staffUploadImage: {
    method: 'POST',
    path: '/api/staff/images',
    tag: 'Staff',
    summary: "Upload a part's picture: JPEG, PNG or WebP, stored as WebP in several widths",
    description:
      'Send `multipart/form-data` with the file in the field `image` (UPLOAD_MAX_MB, 8 MB by ' +
      'default). The type is checked from the bytes. Answers the URL to put in a part (the 640 px ' +
      'width) and the `srcset` of every width; the files are served from `/uploads/` with a year of cache.',
    access: 'admin',
    errors: [400, 413, 415],
    answers: { 201: json('The stored picture', UploadedImage) },
  },
  staffAudit: {
    method: 'GET',
    path: '/api/staff/audit',
    tag: 'Staff',
    summary: 'Every staff action, newest first',
    access: 'admin',
    query: AuditQuery,
    errors: [400],
    answers: { 200: json('One page', AuditPage) },
  },
} as const satisfies Record<string, Endpoint>;
