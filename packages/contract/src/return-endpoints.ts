import { json, type Endpoint } from './endpoint.js';
import {
  ApproveReturnBody,
  CreateReturnBody,
  InspectReturnBody,
  ReceiveReturnBody,
  RefuseReturnBody,
  RestockingFees,
  RestockingFeesBody,
  ReturnList,
  ReturnOptions,
  ReturnOptionsQuery,
  ReturnParams,
  ReturnPhoto,
  ReturnPhotoParams,
  ReturnPolicyBody,
  ReturnPolicyResponse,
  ReturnResponse,
  ReturnWindows,
  ReturnWindowsBody,
  SettleReturnBody,
  StaffReturnListQuery,
} from './returns.js';

const outsiders =
  'Only the buyer (and, for a company order, the members who may see its orders) see a return: ' +
  'anyone else gets 404.';

/** Returns as buyers ask for and follow them (decision 064). */
export const returnEndpoints = {
  returnOptions: {
    method: 'GET',
    path: '/api/returns/options',
    tag: 'Returns',
    summary: 'What of a delivered order may be returned: each line, its windows, the fees',
    description: `${outsiders} An order not delivered answers 409.`,
    access: 'customer',
    query: ReturnOptionsQuery,
    errors: [400, 404, 409],
    answers: { 200: json('What may be returned', ReturnOptions) },
  },
  createReturn: {
    method: 'POST',
    path: '/api/returns',
    tag: 'Returns',
    summary: 'Return parts of a delivered order: lines, quantities, a reason and a note',
    description:
      `${outsiders} Windows are checked against the server's clock: a "no return" part or a ` +
      'closed window answers 409 with the reason; a quantity above what is left to return ' +
      '(delivered less other returns) answers 409 RETURN_QUANTITY.',
    access: 'customer',
    body: CreateReturnBody,
    errors: [400, 404, 409],
    answers: { 201: json('The return', ReturnResponse) },
  },
  uploadReturnPhoto: {
    method: 'POST',
    path: '/api/returns/photos',
    tag: 'Returns',
    summary: 'Upload a photo for a return (JPEG, PNG or WebP), then name it in the return',
    description:
      'Send `multipart/form-data` with the file in the field `image`. The photo is stored as ' +
      'WebP without its metadata and is served only to its uploader, then, once named in a ' +
      "return, to the return's buyer, its company's members who may see it and staff.",
    access: 'customer',
    errors: [400, 413, 415],
    answers: { 201: json('The stored photo', ReturnPhoto) },
  },
  getReturnPhoto: {
    method: 'GET',
    path: '/api/returns/photos/{id}',
    tag: 'Returns',
    summary: 'A return photo (WebP)',
    description:
      'Anyone who may not see the return (or, before it is sent, the uploader) gets 404.',
    access: 'customer',
    params: ReturnPhotoParams,
    errors: [404],
    answers: { 200: { description: 'The photo', contentType: 'image/webp' } },
  },
  myReturns: {
    method: 'GET',
    path: '/api/returns',
    tag: 'Returns',
    summary: "The caller's returns and their companies' returns, newest first",
    access: 'customer',
    answers: { 200: json('The returns', ReturnList) },
  },
  getReturn: {
    method: 'GET',
    path: '/api/returns/{id}',
    tag: 'Returns',
    summary: 'A return with its lines, settlement and history',
    description: outsiders,
    access: 'customer',
    params: ReturnParams,
    errors: [404],
    answers: { 200: json('The return', ReturnResponse) },
  },
  getReturnSlip: {
    method: 'GET',
    path: '/api/returns/{id}/slip',
    tag: 'Returns',
    summary: 'The printable return slip (PDF): the return number, the lines, where to send them',
    description: `${outsiders} Staff may print it too.`,
    access: 'customer',
    params: ReturnParams,
    errors: [404],
    answers: { 200: { description: 'The return slip', contentType: 'application/pdf' } },
  },
} as const satisfies Record<string, Endpoint>;

const conflict =
  "An action the return's status does not allow (the transition table in the contract) answers 409.";

/** The staff console's returns queue and actions; each action is in the audit log. */
export const staffReturnEndpoints = {
  staffReturns: {
    method: 'GET',
    path: '/api/staff/returns',
    tag: 'Staff',
    summary: 'Every return, newest first, by status, reason and age',
    access: 'admin',
    query: StaffReturnListQuery,
    errors: [400],
    answers: { 200: json('The returns', ReturnList) },
  },
  staffReturn: {
    method: 'GET',
    path: '/api/staff/returns/{id}',
    tag: 'Staff',
    summary: 'A return with the order, the customer, the lines and the timeline',
    access: 'admin',
    params: ReturnParams,
    errors: [404],
    answers: { 200: json('The return', ReturnResponse) },
  },
  staffApproveReturn: {
    method: 'POST',
    path: '/api/staff/returns/{id}/approve',
    tag: 'Staff',
    summary: 'Approve a requested return, with a message for the buyer',
    description: conflict,
    access: 'admin',
    params: ReturnParams,
    body: ApproveReturnBody,
    errors: [400, 404, 409],
    answers: { 200: json('The return', ReturnResponse) },
  },
  staffRefuseReturn: {
    method: 'POST',
    path: '/api/staff/returns/{id}/refuse',
    tag: 'Staff',
    summary: 'Refuse a return (requested or approved), saying why',
    description: conflict,
    access: 'admin',
    params: ReturnParams,
    body: RefuseReturnBody,
    errors: [400, 404, 409],
    answers: { 200: json('The return', ReturnResponse) },
  },
  staffReceiveReturn: {
    method: 'POST',
    path: '/api/staff/returns/{id}/receive',
    tag: 'Staff',
    summary: 'Mark an approved return received: the quantity that arrived of each line',
    description: `${conflict} Every line of the return is named once, at most its asked quantity.`,
    access: 'admin',
    params: ReturnParams,
    body: ReceiveReturnBody,
    errors: [400, 404, 409],
    answers: { 200: json('The return', ReturnResponse) },
  },
  staffInspectReturn: {
    method: 'POST',
    path: '/api/staff/returns/{id}/inspect',
    tag: 'Staff',
    summary: 'Judge each received line: resaleable (back to stock) or scrapped',
    description:
      `${conflict} Resaleable pieces go back to stock with a stock-ledger entry "returned"; ` +
      'scrapped ones change no stock. Resaleable plus scrapped is at most what was received.',
    access: 'admin',
    params: ReturnParams,
    body: InspectReturnBody,
    errors: [400, 404, 409],
    answers: { 200: json('The return', ReturnResponse) },
  },
  staffSettleReturn: {
    method: 'POST',
    path: '/api/staff/returns/{id}/settle',
    tag: 'Staff',
    summary: 'Settle once: a partial card refund or a credit note on account, less the fee',
    description:
      `${conflict} Card orders are refunded through the payment provider by the outbox's refund ` +
      'job; orders on account get a numbered credit note. A warranty claim (reason ' +
      '`defective`) may instead settle with `outcome: "replacement"`: a new order of the ' +
      'accepted pieces at no charge, shipped to the original address and linked to the return ' +
      '(409 `NOT_WARRANTY` for another reason, 409 `OUT_OF_STOCK` naming the part when stock is ' +
      'short, nothing changed). Asked many times at once, one settlement is made.',
    access: 'admin',
    params: ReturnParams,
    body: SettleReturnBody,
    errors: [400, 404, 409],
    answers: { 200: json('The return', ReturnResponse) },
  },
  staffRestockingFees: {
    method: 'GET',
    path: '/api/staff/return-fees',
    tag: 'Staff',
    summary: 'The restocking fee of each return reason, in percent',
    access: 'admin',
    answers: { 200: json('The fees', RestockingFees) },
  },
  staffSetRestockingFees: {
    method: 'PUT',
    path: '/api/staff/return-fees',
    tag: 'Staff',
    summary: 'Set the restocking fee of each return reason',
    access: 'admin',
    body: RestockingFeesBody,
    errors: [400],
    answers: { 200: json('The fees', RestockingFees) },
  },
  staffReturnWindows: {
    method: 'GET',
    path: '/api/staff/return-windows',
    tag: 'Staff',
    summary: 'The return window of each catalog category, in days',
    description:
      "A part's own window wins over its category's, which wins over the shop's default " +
      '(`defaultDays`).',
    access: 'admin',
    answers: { 200: json('The windows', ReturnWindows) },
  },
  staffSetReturnWindows: {
    method: 'PUT',
    path: '/api/staff/return-windows',
    tag: 'Staff',
    summary: 'Set the return window of each catalog category (the whole set)',
    description:
      'A category left out or null has the default window. Returns already asked keep the ' +
      'window checked when they were asked.',
    access: 'admin',
    body: ReturnWindowsBody,
    errors: [400],
    answers: { 200: json('The windows', ReturnWindows) },
  },
  staffReturnPolicy: {
    method: 'GET',
    path: '/api/staff/parts/{id}/return-policy',
    tag: 'Staff',
    summary: 'A part\'s return window, "no return" reason and warranty months',
    access: 'admin',
    params: ReturnParams,
    errors: [404],
    answers: { 200: json('The policy', ReturnPolicyResponse) },
  },
  staffSetReturnPolicy: {
    method: 'PUT',
    path: '/api/staff/parts/{id}/return-policy',
    tag: 'Staff',
    summary: 'Set a part\'s return window, "no return" reason and warranty months',
    access: 'admin',
    params: ReturnParams,
    body: ReturnPolicyBody,
    errors: [400, 404],
    answers: { 200: json('The policy', ReturnPolicyResponse) },
  },
} as const satisfies Record<string, Endpoint>;
