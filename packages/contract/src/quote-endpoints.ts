import { json, type Endpoint } from './endpoint.js';
import { OrderResponse } from './orders.js';
import {
  QuoteAcceptBody,
  QuoteAnswerBody,
  QuoteConflict,
  QuoteDeclineBody,
  QuoteList,
  QuoteOfferBody,
  QuoteParams,
  QuoteRequestBody,
  QuoteResponse,
  QuoteWithdrawBody,
  StaffQuoteListQuery,
} from './quotes.js';

const outsiders =
  'Only the buyer who asked (and, for a company quote, the members of that company) see or ' +
  'answer it: anyone else gets 404.';
const stale =
  'The body names the version the buyer saw: an offer changed since, or a quote no longer open, ' +
  'is refused with 409 and the quote as it is now.';

/** Quotes as buyers ask for and answer them (decision 048). */
export const quoteEndpoints = {
  requestQuote: {
    method: 'POST',
    path: '/api/quotes',
    tag: 'Quotes',
    summary: 'Ask for a price: lines (quantity, optional target unit price) and a note',
    description:
      'The cart is left as it was. With a company id the caller must be a member (404 otherwise). ' +
      'Each request mails the shop: at most 10 an hour per account and 30 per client address ' +
      '(429 with Retry-After).',
    access: 'customer',
    body: QuoteRequestBody,
    errors: [400, 404, 409, 429],
    answers: { 201: json('The quote', QuoteResponse) },
  },
  myQuotes: {
    method: 'GET',
    path: '/api/quotes',
    tag: 'Quotes',
    summary: "The caller's quotes and their companies' quotes, newest first",
    access: 'customer',
    answers: { 200: json('The quotes', QuoteList) },
  },
  getQuote: {
    method: 'GET',
    path: '/api/quotes/{id}',
    tag: 'Quotes',
    summary: 'A quote: every version with what changed, and its history',
    description: outsiders,
    access: 'customer',
    params: QuoteParams,
    errors: [404],
    answers: { 200: json('The quote', QuoteResponse) },
  },
  acceptQuote: {
    method: 'POST',
    path: '/api/quotes/{id}/accept',
    tag: 'Quotes',
    summary: 'Accept the offer: an unpaid order at the quoted prices (or on account), all or none',
    description: `${outsiders} ${stale} A quote becomes one order however often this is called; 409 LINES_UNAVAILABLE names every line that cannot be ordered now.`,
    access: 'customer',
    params: QuoteParams,
    body: QuoteAcceptBody,
    errors: [400, 404, 409, 429],
    answers: {
      201: json('The order', OrderResponse),
      200: json('The order the quote already became', OrderResponse),
      409: json('A stale version or a quote no longer open (or LinesRefusal)', QuoteConflict),
    },
  },
  rejectQuote: {
    method: 'POST',
    path: '/api/quotes/{id}/reject',
    tag: 'Quotes',
    summary: 'Reject the offer',
    description: `${outsiders} ${stale}`,
    access: 'customer',
    params: QuoteParams,
    body: QuoteAnswerBody,
    errors: [400, 404, 409],
    answers: { 200: json('The quote', QuoteResponse) },
  },
  withdrawQuote: {
    method: 'POST',
    path: '/api/quotes/{id}/withdraw',
    tag: 'Quotes',
    summary: 'Withdraw a request staff have not answered yet (requested, or a revision asked for)',
    description: `${outsiders} It becomes rejected; a quote already offered, answered or closed is refused with 409 and the quote as it is now.`,
    access: 'customer',
    params: QuoteParams,
    body: QuoteWithdrawBody,
    errors: [400, 404, 409],
    answers: { 200: json('The quote', QuoteResponse) },
  },
  reviseQuote: {
    method: 'POST',
    path: '/api/quotes/{id}/revision',
    tag: 'Quotes',
    summary: 'Ask staff for a revised offer, with a message',
    description: `${outsiders} ${stale}`,
    access: 'customer',
    params: QuoteParams,
    body: QuoteAnswerBody,
    errors: [400, 404, 409],
    answers: { 200: json('The quote', QuoteResponse) },
  },
} as const satisfies Record<string, Endpoint>;

/** Quotes in the staff console (admins only). */
export const staffQuoteEndpoints = {
  staffQuotes: {
    method: 'GET',
    path: '/api/staff/quotes',
    tag: 'Staff',
    summary: 'Every quote, newest first, optionally of one status',
    access: 'admin',
    query: StaffQuoteListQuery,
    errors: [400],
    answers: { 200: json('The quotes', QuoteList) },
  },
  staffQuote: {
    method: 'GET',
    path: '/api/staff/quotes/{id}',
    tag: 'Staff',
    summary: 'A quote with its versions and history',
    access: 'admin',
    params: QuoteParams,
    errors: [404],
    answers: { 200: json('The quote', QuoteResponse) },
  },
  staffOfferQuote: {
    method: 'POST',
    path: '/api/staff/quotes/{id}/offer',
    tag: 'Staff',
    summary: 'Send an offer (a new version): lines, prices, a message and a valid-until date',
    description:
      'From requested, offered or revision requested. `basedOn` is the version edited: a newer one since is refused with 409.',
    access: 'admin',
    params: QuoteParams,
    body: QuoteOfferBody,
    errors: [400, 404, 409],
    answers: { 200: json('The quote', QuoteResponse) },
  },
  staffDeclineQuote: {
    method: 'POST',
    path: '/api/staff/quotes/{id}/decline',
    tag: 'Staff',
    summary: 'Decline the request, with a message for the buyer',
    access: 'admin',
    params: QuoteParams,
    body: QuoteDeclineBody,
    errors: [400, 404, 409],
    answers: { 200: json('The quote', QuoteResponse) },
  },
} as const satisfies Record<string, Endpoint>;
