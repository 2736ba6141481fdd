import { z } from 'zod';
import {
  AuthSessionResponse,
  AuthStatusResponse,
  AuthUserResponse,
  ChangeEmailBody,
  ChangePasswordBody,
  EmptyBody,
  RequestPasswordResetBody,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
  SocialSignInBody,
  SendVerificationEmailBody,
} from './auth.js';
import { IdParams } from './common.js';
import { json, type Access, type Answer, type Endpoint } from './endpoint.js';
import { staffEndpoints } from './staff-endpoints.js';
import { importEndpoints } from './import-endpoints.js';
import { catalogEndpoints } from './catalog-endpoints.js';
import { cartEndpoints } from './cart-endpoints.js';
import { companyEndpoints, staffCompanyEndpoints } from './company-endpoints.js';
import { quickOrderEndpoints } from './quick-order.js';
import { quoteEndpoints, staffQuoteEndpoints } from './quote-endpoints.js';
import { returnEndpoints, staffReturnEndpoints } from './return-endpoints.js';
import { policyEndpoints } from './policies.js';
import { privacyEndpoints } from './privacy.js';
import { machineAdminEndpoints, v1Endpoints } from './machine-endpoints.js';
import { webhookEndpoints } from './webhook-endpoints.js';
import { priceListEndpoints } from './price-list-endpoints.js';
import { taxEndpoints } from './tax-endpoints.js';
import { industryEndpoints } from './industry-files.js';
import { PartListQuery } from './catalog.js';
import { HealthResponse, PublicConfig, SearchHealthResponse } from './config.js';
import { ReadyResponse } from './operations.js';
import {
  CreateOrderBody,
  DeleteOrderResponse,
  OrderEmailListResponse,
  OrderListQuery,
  OrderListResponse,
  OrderResponse,
} from './orders.js';
import { CreatePartBody, PartListResponse, PartResponse } from './parts.js';
import {
  ConfirmPaymentBody,
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  SandboxConfirmBody,
  SandboxConfirmResponse,
} from './payments.js';
import { CreateReviewBody, ReviewListResponse, ReviewResponse } from './reviews.js';
import {
  AdminResponse,
  EmailParams,
  ProfileResponse,
  ProfileUpdateBody,
  UserSyncBody,
  UserSyncResponse,
} from './users.js';

const identity = (
  method: Endpoint['method'],
  path: string,
  summary: string,
  access: Access,
  answer: Answer,
  body?: z.ZodType,
  errors: readonly number[] = [400, 429],
): Endpoint => ({
  method,
  path: `/api/auth${path}`,
  tag: 'Identity',
  summary,
  access,
  ...(body ? { body } : {}),
  errors,
  answers: { 200: answer },
});

/**
 * Every route of the API, with who may call it and the shapes it takes and gives. The server
 * registers its routes from these paths, `/api/openapi.json` is generated from them, and a test
 * fails when a registered route is missing here.
 */
export const endpoints = {
  listParts: {
    method: 'GET',
    path: '/api/parts',
    tag: 'Catalog',
    summary: 'The catalog, a page at a time (spec: GET /parts)',
    description:
      "The spec's answer shape (a list of parts), bounded: by default the home page's nine " +
      '(featured first, then the newest); `page` and `limit` (at most 60) page through the rest, ' +
      'and `X-Total-Count` and `Link` headers tell how many there are and where the next page is. ' +
      'Archived parts are never listed. `/api/catalog` searches and filters.',
    access: 'public',
    query: PartListQuery,
    errors: [400],
    answers: { 200: json('The parts: featured first, then newest', PartListResponse) },
  },
  getPart: {
    method: 'GET',
    path: '/api/parts/{id}',
    tag: 'Catalog',
    summary: 'One part (spec: GET /parts/{id}); archived parts are not found',
    access: 'public',
    params: IdParams,
    errors: [404],
    answers: { 200: json('The part', PartResponse) },
  },
  createPart: {
    method: 'POST',
    path: '/api/parts',
    tag: 'Catalog',
    summary: 'Add a part (spec: POST /parts)',
    access: 'admin',
    body: CreatePartBody,
    errors: [400],
    answers: { 201: json('The part as stored', PartResponse) },
  },
  listReviews: {
    method: 'GET',
    path: '/api/reviews',
    tag: 'Reviews',
    summary: 'The newest reviews (spec: GET /reviews)',
    access: 'public',
    answers: { 200: json('Up to 24 reviews, newest first', ReviewListResponse) },
  },
  createReview: {
    method: 'POST',
    path: '/api/reviews',
    tag: 'Reviews',
    summary:
      "Post a review as the signed-in customer (spec: POST /reviews); the author's name comes from the account",
    access: 'customer',
    body: CreateReviewBody,
    errors: [400],
    answers: {
      201: json('The review as stored', ReviewResponse),
      200: json(
        "The customer's earlier review of the same part (or of the shop), replaced",
        ReviewResponse,
      ),
    },
  },
  placeOrder: {
    method: 'POST',
    path: '/api/purchase',
    tag: 'Orders',
    summary: 'Place an order (spec: POST /purchase/); prices, name and email come from the server',
    description:
      'With an `idempotencyKey`, a repeat of the same request (a reload, a retry) answers 200 with ' +
      'the order the first one placed instead of placing another. 409 when out of stock or over the ' +
      "account's unpaid-order ceiling; 429 past 30 orders in ten minutes.",
    access: 'customer',
    body: CreateOrderBody,
    errors: [400, 404, 409, 429],
    answers: {
      201: json('The order, unpaid, with its stock reserved', OrderResponse),
      200: json('The order this idempotency key already placed', OrderResponse),
    },
  },
  listMyOrders: {
    method: 'GET',
    path: '/api/purchase',
    tag: 'Orders',
    summary: "The caller's orders, newest first (spec: GET /purchase?email=)",
    description:
      'The live orders; with `status=canceled`, the canceled ones (refunds shown) instead.',
    access: 'customer',
    query: OrderListQuery,
    errors: [400],
    answers: { 200: json('The orders', OrderListResponse) },
  },
  getOrder: {
    method: 'GET',
    path: '/api/purchase/{id}',
    tag: 'Orders',
    summary: "One of the caller's orders, or any order for an admin (spec: GET /purchase/{id})",
    access: 'customer',
    params: IdParams,
    errors: [404],
    answers: { 200: json('The order', OrderResponse) },
  },
  orderEmails: {
    method: 'GET',
    path: '/api/purchase/{id}/emails',
    tag: 'Orders',
    summary: 'The mails the shop sent about an order, as sent, to read again',
    access: 'customer',
    params: IdParams,
    errors: [404],
    answers: { 200: json('Oldest first', OrderEmailListResponse) },
  },
  orderInvoice: {
    method: 'GET',
    path: '/api/purchase/{id}/invoice',
    tag: 'Orders',
    summary: "A paid order's invoice (PDF), for its customer and for staff",
    access: 'customer',
    params: IdParams,
    errors: [404, 409],
    answers: { 200: { description: 'The invoice', contentType: 'application/pdf' } },
  },
  cancelOrder: {
    method: 'DELETE',
    path: '/api/purchase/{id}',
    tag: 'Orders',
    summary: 'Cancel an unpaid order and return its stock (spec: DELETE /purchase/{id})',
    description:
      'Every answer, refusals included, carries `deletedCount` (0 when nothing changed).',
    access: 'customer',
    params: IdParams,
    errors: [404, 409],
    answers: { 200: json('Canceled', DeleteOrderResponse) },
  },
  confirmPayment: {
    method: 'PATCH',
    path: '/api/purchase/{id}',
    tag: 'Payments',
    summary:
      'Report a payment (spec: PATCH /purchase/{id}); checked with the provider before it counts',
    access: 'customer',
    params: IdParams,
    body: ConfirmPaymentBody,
    errors: [400, 402, 404, 409],
    answers: { 200: json('The order, paid or pending', OrderResponse) },
  },
  createPaymentIntent: {
    method: 'POST',
    path: '/api/create-payment-intent',
    tag: 'Payments',
    summary:
      "Start paying for an unpaid order (spec: POST /create-payment-intent); the amount is the order's total",
    access: 'customer',
    body: CreatePaymentIntentBody,
    errors: [400, 404, 409],
    answers: { 200: json("The intent's client secret", CreatePaymentIntentResponse) },
  },
  sandboxConfirm: {
    method: 'POST',
    path: '/api/sandbox/confirm',
    tag: 'Payments',
    summary:
      "Pay with a test card (sandbox provider only; stands in for Stripe.js's confirmCardPayment)",
    access: 'client-secret',
    body: SandboxConfirmBody,
    errors: [400],
    answers: {
      200: json('The intent, or the card error as Stripe words it', SandboxConfirmResponse),
    },
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/webhooks/stripe',
    tag: 'Payments',
    summary: "Stripe's payment notifications (payment_intent.succeeded, .processing)",
    access: 'stripe-signature',
    body: z.string().meta({ description: "Stripe's event, as raw JSON" }),
    errors: [400, 404],
    answers: { 200: json('Received', z.object({ received: z.literal(true) })) },
  },
  getProfile: {
    method: 'GET',
    path: '/api/users/{email}',
    tag: 'Accounts',
    summary: "The caller's own profile (spec: GET /users/{email})",
    access: 'customer',
    params: EmailParams,
    errors: [404],
    answers: { 200: json('The profile (never a password)', ProfileResponse) },
  },
  putUser: {
    method: 'PUT',
    path: '/api/users/{email}',
    tag: 'Accounts',
    summary: 'Sign-in sync or profile update (spec: PUT /users/{email})',
    description:
      'With `{ currentUser: { email } }` and the session cookie, trades the session for an access key. ' +
      'Otherwise, with an access key, applies the non-empty profile fields.',
    access: 'customer',
    params: EmailParams,
    body: z.union([UserSyncBody, ProfileUpdateBody]),
    errors: [400, 404],
    answers: {
      200: json(
        'The access key, or the updated profile',
        z.union([UserSyncResponse, ProfileResponse]),
      ),
    },
  },
  getAdmin: {
    method: 'GET',
    path: '/api/admin/{email}',
    tag: 'Accounts',
    summary: 'Whether the caller is an admin (spec: GET /admin/{email}); own email only',
    access: 'customer',
    params: EmailParams,
    answers: { 200: json('The role', AdminResponse) },
  },
  getConfig: {
    method: 'GET',
    path: '/api/config',
    tag: 'Site',
    summary: 'What the app needs to know at start (brand, payment provider, Google sign-in)',
    access: 'public',
    answers: { 200: json('Public settings, nothing secret', PublicConfig) },
  },
  health: {
    method: 'GET',
    path: '/api/health',
    tag: 'Site',
    summary: 'Liveness for load balancers: 200 when the database answers, 503 otherwise',
    access: 'public',
    errors: [503],
    answers: { 200: json('Up', HealthResponse) },
  },
  searchHealth: {
    method: 'GET',
    path: '/api/health/search',
    tag: 'Site',
    summary:
      "The catalog's search index: 200 when ready, 503 while it loads (searches are answered by the database meanwhile)",
    access: 'public',
    errors: [503],
    answers: { 200: json('Ready', SearchHealthResponse) },
  },
  ready: {
    method: 'GET',
    path: '/api/ready',
    tag: 'Site',
    summary:
      'Readiness for load balancers: 503 until the database answers and holds the schema this version expects, and while shutting down',
    access: 'public',
    errors: [503],
    answers: { 200: json('Ready for traffic', ReadyResponse) },
  },
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Site',
    summary: 'This description of the API (OpenAPI 3.1)',
    access: 'public',
    answers: { 200: json('The OpenAPI document', z.record(z.string(), z.unknown())) },
  },
  apiDocs: {
    method: 'GET',
    path: '/api/docs',
    tag: 'Site',
    summary: 'This description as a page to read',
    access: 'public',
    answers: { 200: { description: 'HTML', contentType: 'text/html' } },
  },
  signUp: identity(
    'POST',
    '/sign-up/email',
    'Register with email and password; signs in at once',
    'public',
    json('The new user', AuthUserResponse),
    SignUpBody,
  ),
  signIn: identity(
    'POST',
    '/sign-in/email',
    'Sign in with email and password; sets the session cookie',
    'public',
    json('The user', AuthUserResponse),
    SignInBody,
    [400, 401, 403, 429],
  ),
  signInSocial: identity(
    'POST',
    '/sign-in/social',
    'Start Google sign-in; answers the address to send the browser to',
    'public',
    json('Where to go', z.object({ url: z.string().optional(), redirect: z.boolean() })),
    SocialSignInBody,
  ),
  signOut: identity(
    'POST',
    '/sign-out',
    'Sign out: ends the session',
    'session',
    json('Done', z.object({ success: z.boolean() })),
    EmptyBody,
    [400],
  ),
  getSession: identity(
    'GET',
    '/get-session',
    'The session behind the cookie, or null',
    'public',
    json('The session and its user, or null', AuthSessionResponse),
    undefined,
    [],
  ),
  requestPasswordReset: identity(
    'POST',
    '/request-password-reset',
    'Mail a reset link; answers the same whether or not the address has an account',
    'public',
    json('Done', AuthStatusResponse),
    RequestPasswordResetBody,
  ),
  resetPassword: identity(
    'POST',
    '/reset-password',
    'Set a new password with the token from the mail; ends every session',
    'public',
    json('Done', AuthStatusResponse),
    ResetPasswordBody,
  ),
  changePassword: identity(
    'POST',
    '/change-password',
    'Change the password (the current one is required)',
    'session',
    json('Done', AuthUserResponse),
    ChangePasswordBody,
  ),
  changeEmail: identity(
    'POST',
    '/change-email',
    'Change the email address',
    'session',
    json('Done', AuthStatusResponse),
    ChangeEmailBody,
  ),
  sendVerificationEmail: identity(
    'POST',
    '/send-verification-email',
    "Mail a new link to confirm the signed-in account's address",
    'session',
    json('Done', AuthStatusResponse),
    SendVerificationEmailBody,
  ),
  verifyEmail: {
    method: 'GET',
    path: '/api/auth/verify-email',
    tag: 'Identity',
    summary: 'Confirm an address with the token from the mail (signed in as that account)',
    description:
      "The app's page /verify-email calls it. The caller must be signed in as the account the " +
      'token is for: a link opened by someone who did not create the account proves nothing.',
    access: 'session',
    query: z.object({ token: z.string().max(2000) }),
    errors: [400, 401, 403],
    answers: { 200: json('Confirmed', z.object({ status: z.boolean() })) },
  },
  googleCallback: {
    method: 'GET',
    path: '/api/auth/callback/{providerId}',
    tag: 'Identity',
    summary: "Google's redirect back after sign-in (not called by clients)",
    access: 'public',
    params: z.object({ providerId: z.literal('google') }),
    answers: { 302: { description: 'Back to the app, signed in' } },
  },
  ...catalogEndpoints,
  ...cartEndpoints,
  ...companyEndpoints,
  ...staffCompanyEndpoints,
  ...quoteEndpoints,
  ...staffQuoteEndpoints,
  ...quickOrderEndpoints,
  ...staffEndpoints,
  ...importEndpoints,
  ...policyEndpoints,
  ...privacyEndpoints,
  ...machineAdminEndpoints,
  ...v1Endpoints,
  ...webhookEndpoints,
  ...priceListEndpoints,
  ...returnEndpoints,
  ...staffReturnEndpoints,
  ...taxEndpoints,
  ...industryEndpoints,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

/** `/api/parts/{id}` as a router path: `/api/parts/:id`. */
export const routePath = (endpoint: Pick<Endpoint, 'path'>): string =>
  endpoint.path.replace(/\{(\w+)\}/g, ':$1');
