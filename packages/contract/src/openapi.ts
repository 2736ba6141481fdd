import { z } from 'zod';
import type { Access, Endpoint } from './endpoint.js';
import { endpoints } from './endpoints.js';
import { ApiErrorBody } from './errors.js';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is malformed or a field is invalid: `fields` names each one',
  401: 'No access key, or it expired or its session ended',
  402: 'The payment has not gone through',
  403: 'Signed in, but not allowed to do this',
  404: 'No such resource, or not yours',
  409: 'The resource is not in a state that allows this',
  413: 'The body is too large',
  422: 'The Idempotency-Key was used before with another body',
  429: 'Too many attempts: wait the seconds in `Retry-After`',
  500: 'Something failed on the server; nothing about it is disclosed',
  503: 'A dependency (the database) is not reachable',
};

const SECURITY: Record<Access, Operation['security']> = {
  public: [],
  customer: [{ accessKey: [] }],
  admin: [{ accessKey: [] }],
  session: [{ session: [] }],
  'client-secret': [],
  'stripe-signature': [{ stripeSignature: [] }],
  'api-key': [{ apiKey: [] }],
};

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone.',
  customer: 'A signed-in user (access key).',
  admin: 'Admins only (access key of a user who is an admin now).',
  session: "The identity provider's session cookie.",
  'client-secret': "Whoever holds the payment's client secret.",
  'stripe-signature': 'Stripe, proven by the Stripe-Signature header.',
  'api-key': 'A machine API key (staff or company key) with the scope named below.',
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parameters(endpoint: Endpoint): Operation[] {
  const list: Operation[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
    ['header', endpoint.headers],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

function failures(endpoint: Endpoint): number[] {
  const implied =
    endpoint.access === 'customer' || endpoint.access === 'session'
      ? [401]
      : endpoint.access === 'admin'
        ? [401, 403]
        : endpoint.access === 'api-key'
          ? [401, 403, 429]
          : [];
  const fromInput = endpoint.body || endpoint.params || endpoint.query ? [400] : [];
  return [...new Set([...implied, ...fromInput, ...(endpoint.errors ?? []), 500])].sort();
}

function operation(name: string, endpoint: Endpoint): Operation {
  const responses: Record<string, Operation> = {};
  for (const [status, answer] of Object.entries(endpoint.answers)) {
    responses[status] = {
      description: answer.description,
      ...(answer.schema || answer.contentType
        ? {
            content: {
              [answer.contentType ?? 'application/json']: answer.schema
                ? { schema: schemaOf(answer.schema, 'output') }
                : {},
            },
          }
        : {}),
    };
  }
  for (const status of failures(endpoint)) {
    responses[String(status)] ??= {
      description: ERROR_TEXT[status] ?? 'Refused',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      ...(status === 429
        ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds' } } }
        : {}),
    };
  }
  const params = parameters(endpoint);
  return {
    operationId: name,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: [
      `**Who may call it:** ${ACCESS_TEXT[endpoint.access]}`,
      endpoint.scopes?.length
        ? `**${endpoint.access === 'api-key' ? 'Scopes (any one)' : 'Or an API key with the scope'}:** ${endpoint.scopes.join(', ')}`
        : '',
      endpoint.description,
    ]
      .filter(Boolean)
      .join('\n\n'),
    'x-access': endpoint.access,
    ...(endpoint.scopes ? { 'x-scopes': endpoint.scopes } : {}),
    security:
      endpoint.access === 'api-key'
        ? [{ apiKey: [...(endpoint.scopes ?? [])] }]
        : endpoint.scopes?.length
          ? [...(SECURITY[endpoint.access] as object[]), { apiKey: [...endpoint.scopes] }]
          : SECURITY[endpoint.access],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 description of the whole API, generated from the endpoint list and the same
 * zod schemas the server validates with. Served at /api/openapi.json.
 */
export function openApiDocument(options: { serverUrl: string; title: string; version: string }) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.title} API`,
      version: options.version,
      description:
        'The storefront API: catalog, orders, payments, accounts and the identity provider. ' +
        'Money is in dollars (numbers with at most two decimals). Every failure answers ' +
        '`{ error, message, fields? }` with a 4xx or 5xx status.',
    },
    servers: [{ url: options.serverUrl }],
    tags: [...new Set(Object.values(endpoints).map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: schemaOf(ApiErrorBody, 'output') },
      securitySchemes: {
        accessKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The access key from PUT /api/users/{email} (sign-in sync), kept by the app in localStorage.accessKey.',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'better-auth.session_token',
          description: 'Set by sign-in and sign-up.',
        },
        stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A machine API key (`sfk_…`), made in the staff console (staff keys) or by a ' +
            "company's owner (company keys). Each key holds scopes; a route outside them " +
            'answers 403, and each key has its own rate limit (429 with Retry-After).',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
