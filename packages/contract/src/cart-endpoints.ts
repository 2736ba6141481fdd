import { json, type Endpoint } from './endpoint.js';
import {
  AddCartLineBody,
  CartLineParams,
  CartResponse,
  CheckoutBody,
  LinesRefusal,
  LocalCartBody,
  MergeCartBody,
  OrderAgainResponse,
  SetCartLineBody,
} from './cart.js';
import { IdParams } from './common.js';
import { OrderResponse } from './orders.js';

/** The cart beside the spec's one-part purchase, and the checkout that orders it in one go. */
export const cartEndpoints = {
  getCart: {
    method: 'GET',
    path: '/api/cart',
    tag: 'Cart',
    summary: "The caller's cart: every line checked against its part as it is now",
    description:
      'Each line carries its problems (below the minimum, not a whole number of packs, above the ' +
      'maximum, more than in stock, no longer sold, price changed since added), each with what to ' +
      'do and the quantity its fix sets.',
    access: 'customer',
    answers: { 200: json('The cart', CartResponse) },
  },
  addCartLine: {
    method: 'POST',
    path: '/api/cart/lines',
    tag: 'Cart',
    summary: "Add a part: its quantity is added to the part's line (a part appears once)",
    access: 'customer',
    body: AddCartLineBody,
    errors: [400, 404, 409],
    answers: { 200: json('The cart', CartResponse) },
  },
  setCartLine: {
    method: 'PUT',
    path: '/api/cart/lines/{partId}',
    tag: 'Cart',
    summary: "Set a line's quantity and reference; `acceptPrice` takes today's price",
    access: 'customer',
    params: CartLineParams,
    body: SetCartLineBody,
    errors: [400, 404, 409],
    answers: { 200: json('The cart', CartResponse) },
  },
  removeCartLine: {
    method: 'DELETE',
    path: '/api/cart/lines/{partId}',
    tag: 'Cart',
    summary: 'Take a part out of the cart',
    access: 'customer',
    params: CartLineParams,
    answers: { 200: json('The cart', CartResponse) },
  },
  clearCart: {
    method: 'DELETE',
    path: '/api/cart',
    tag: 'Cart',
    summary: 'Empty the cart',
    access: 'customer',
    answers: { 200: json('The empty cart', CartResponse) },
  },
  mergeCart: {
    method: 'POST',
    path: '/api/cart/merge',
    tag: 'Cart',
    summary: "A visitor's cart (kept in the browser) joins the account's at sign-in",
    description:
      "Quantities of a part already in the account's cart are added, then every line is checked " +
      'again; parts that no longer exist are left out. The same `mergeId` merges once: a repeat ' +
      'answers the cart as it is.',
    access: 'customer',
    body: MergeCartBody,
    errors: [400, 409],
    answers: { 200: json('The merged cart', CartResponse) },
  },
  checkCart: {
    method: 'POST',
    path: '/api/cart/check',
    tag: 'Cart',
    summary: "Check a visitor's cart: its lines as the cart shows them, nothing written",
    access: 'public',
    body: LocalCartBody,
    errors: [400],
    answers: { 200: json('The lines, priced and checked', CartResponse) },
  },
  orderAgain: {
    method: 'POST',
    path: '/api/purchase/{id}/order-again',
    tag: 'Cart',
    summary: "Put a past order's lines into the cart again, checked like every cart line",
    description:
      "Each live line of the order goes into the caller's cart (quantities of a part already " +
      'there are added). A part no longer sold is replaced by the part that lists its number as ' +
      'superseded, or left out; `changes` says line by line what differs from the order (price, ' +
      "stock, rule, archived, superseded). Only the order's customer: 404 for anyone else.",
    access: 'customer',
    params: IdParams,
    errors: [404, 409],
    answers: { 200: json('The cart and what changed', OrderAgainResponse) },
  },
  checkout: {
    method: 'POST',
    path: '/api/checkout',
    tag: 'Orders',
    summary: 'Order several parts in one order, all lines or none, at the prices the buyer saw',
    description:
      'The lines are placed in one order with their stock reserved together, or not at all: a 409 ' +
      '`LINES_UNAVAILABLE` lists every line that cannot go as sent (what was asked, what is ' +
      'available, the fix), including a unit price that changed since the buyer saw it, so nobody ' +
      'is charged a total they did not see. With `idempotencyKey`, a repeat answers 200 with the ' +
      'order the first placed. With `fromCart`, the ordered lines leave the cart.',
    access: 'customer',
    body: CheckoutBody,
    errors: [400, 409, 429],
    answers: {
      201: json('The order, unpaid, with every line reserved', OrderResponse),
      200: json('The order this idempotency key already placed', OrderResponse),
      409: json(
        'Lines that cannot be ordered as sent, or the account is at its ceilings',
        LinesRefusal,
      ),
    },
  },
} as const satisfies Record<string, Endpoint>;
