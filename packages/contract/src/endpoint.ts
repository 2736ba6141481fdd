import type { z } from 'zod';
import type { ApiScope } from './api-keys.js';

/**
 * Who may call an endpoint.
 * - `public`: anyone.
 * - `customer`: a signed-in user's access key (`Authorization: Bearer`), any role.
 * - `admin`: an access key whose user is an admin now (the role is looked up on every call).
 * - `session`: the identity provider's session cookie.
 * - `client-secret`: whoever holds the payment's client secret (it is the capability).
 * - `stripe-signature`: Stripe, proven by the `Stripe-Signature` header over the raw body.
 * - `api-key`: a machine's API key (`Authorization: Bearer sfk_…`) holding one of `scopes`.
 */
export type Access =
  'public' | 'customer' | 'admin' | 'session' | 'client-secret' | 'stripe-signature' | 'api-key';

export type Answer = { description: string; schema?: z.ZodType; contentType?: string };

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form, `{name}` for a path parameter. */
  path: `/api/${string}`;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /**
   * `api-key` routes: the key must hold one of these (none listed: any live key). On an `admin`
   * route: a staff API key holding one of these may call it too (the catalog import).
   */
  scopes?: readonly ApiScope[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the route reads (lower-case names), for the API description. */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** Expected failures besides the ones `access` implies (401, 403) and 500. */
  errors?: readonly number[];
  answers: Readonly<Record<number, Answer>>;
};

export const json = (description: string, schema: z.ZodType): Answer => ({ description, schema });
