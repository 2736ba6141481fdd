import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';

/** The part of Stripe's PaymentIntent object that the adapter reads, plus what identifies it. */
export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
  /** What the create call allowed (null: Stripe's dynamic payment methods). */
  allowed_payment_method_types: string[] | null;
  /** What Stripe computed as usable; read-only since the endive API versions. */
  payment_method_types: string[];
  livemode: false;
  created: number;
};

/** A form body as Stripe reads it: `a[b]=1` nests, `a[0]=x` makes a list. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export type RecordedRequest = {
  method: string;
  /** With any query string, as the SDK sent it. */
  path: string;
  /** Lower-cased names, as node:http gives them. */
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: Record<string, FormValue>;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
};

export type FakeStripe = {
  host: string;
  port: number;
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  requests: RecordedRequest[];
  /** What Stripe does when the customer's card goes through (or fails, or is canceled). */
  setStatus(id: string, status: Stripe.PaymentIntent.Status): void;
  close(): Promise<void>;
};

const token = (bytes: number) => randomBytes(bytes).toString('hex');

// The create parameters this fake understands; Stripe refuses any it does not know.
const CREATE_PARAMS = new Set([
  'amount',
  'currency',
  'metadata',
  'description',
  'allowed_payment_method_types',
]);

/** Decodes the SDK's encoding (utils.js stringifyRequestData): brackets are left unescaped. */
export function parseForm(raw: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const [head = key, ...rest] = key
      .split('[')
      .map((part, i) => (i === 0 ? part : part.slice(0, -1)));
    let parent: Record<string, FormValue> = root;
    let name = head;
    for (const segment of rest) {
      parent[name] ??= {};
      const child = parent[name];
      if (typeof child === 'string') throw new Error(`Form key ${key} nests under a value`);
      parent = child as Record<string, FormValue>;
      name = segment;
    }
    parent[name] = value;
  }
  return toLists(root) as Record<string, FormValue>;
}

// Indexed keys (`payment_method_types[0]`) arrive as objects keyed "0", "1"…; Stripe sees lists.
function toLists(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, toLists(value[k]!)] as const);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

const stripeError = (
  status: number,
  error: { type: string; message: string; code?: string; param?: string },
) => ({ status, body: { error } });

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * A local stand-in for api.stripe.com, for the calls the Stripe provider makes: create and
 * retrieve payment intents. Answers with Stripe's JSON shapes and status codes, including its
 * idempotent replay and its 404 for an unknown intent.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds = new Map<string, FakeRefund>();
  const requests: RecordedRequest[] = [];
  const idempotentReplies = new Map<string, { rawBody: string; reply: Reply }>();

  function createIntent(body: Record<string, FormValue>): Reply {
    // As the SDK's pinned API version (2026-10-28.endive) does: a fake that took anything would
    // hide a parameter that real Stripe refuses.
    if (body.payment_method_types !== undefined) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_types_no_longer_supported',
        param: 'payment_method_types',
        message:
          'payment_method_types is no longer supported on this API version; use allowed_payment_method_types or dynamic payment methods.',
      });
    }
    const unknown = Object.keys(body).find((key) => !CREATE_PARAMS.has(key));
    if (unknown) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: unknown,
        message: `Received unknown parameter: ${unknown}`,
      });
    }
    const { amount, currency, metadata, allowed_payment_method_types: allowed } = body;
    if (amount === undefined) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'amount',
        message: 'Missing required param: amount.',
      });
    }
    if (typeof amount !== 'string' || !/^\d+$/.test(amount)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid integer: ' + String(amount),
      });
    }
    if (typeof currency !== 'string') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'currency',
        message: 'Missing required param: currency.',
      });
    }
    const id = `pi_${token(12)}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(amount),
      currency: currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${token(12)}`,
      metadata:
        metadata && typeof metadata === 'object' && !Array.isArray(metadata)
          ? Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, String(v)]))
          : {},
      allowed_payment_method_types: Array.isArray(allowed) ? allowed.map(String) : null,
      payment_method_types: Array.isArray(allowed) ? allowed.map(String) : ['card'],
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  /** Stripe cancels an intent only before it is paid or processing. */
  function cancelIntent(id: string): Reply {
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id);
    const cancelable = [
      'requires_payment_method',
      'requires_confirmation',
      'requires_action',
      'requires_capture',
    ];
    if (!cancelable.includes(intent.status)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
      });
    }
    intent.status = 'canceled';
    return { status: 200, body: intent };
  }

  /** A refund of a succeeded intent, at most what it charged in all. */
  function createRefund(body: Record<string, FormValue>): Reply {
    const id = typeof body.payment_intent === 'string' ? body.payment_intent : '';
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id);
    if (intent.status !== 'succeeded') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${id}) does not have a successful charge to refund.`,
      });
    }
    const amount = typeof body.amount === 'string' ? Number(body.amount) : intent.amount;
    const already = [...refunds.values()]
      .filter((r) => r.payment_intent === id)
      .reduce((n, r) => n + r.amount, 0);
    if (already + amount > intent.amount) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge for ${id} has already been refunded.`,
      });
    }
    const refund: FakeRefund = {
      id: `re_${token(12)}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: id,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  const missing = (kind: string, id: string) =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: kind === 'payment_intent' ? 'intent' : 'id',
      message: `No such ${kind}: '${id}'`,
    });

  /** Stripe replays the first response for a key, and refuses the key with other parameters. */
  function idempotent(req: RecordedRequest, create: () => Reply): Reply {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string') return create();
    const earlier = idempotentReplies.get(`${req.path} ${key}`);
    if (earlier && earlier.rawBody !== req.rawBody) {
      return stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (earlier) return { ...earlier.reply, headers: { 'idempotent-replayed': 'true' } };
    const reply = create();
    // Stripe saves only responses that reached its API logic, which includes 4xx validation.
    idempotentReplies.set(`${req.path} ${key}`, {
      rawBody: req.rawBody,
      reply: structuredClone(reply),
    });
    return reply;
  }

  function route(req: RecordedRequest): Reply {
    const auth = req.headers.authorization;
    if (!auth?.startsWith('Bearer ') || auth.length === 'Bearer '.length) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const url = new URL(req.path, 'http://fake-stripe');
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      return idempotent(req, () => createIntent(req.body));
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancel) return cancelIntent(decodeURIComponent(cancel[1]!));
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      return idempotent(req, () => createRefund(req.body));
    }
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && refund) {
      const found = refunds.get(decodeURIComponent(refund[1]!));
      return found ? { status: 200, body: found } : missing('refund', refund[1]!);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      const id = decodeURIComponent(retrieve[1]!);
      const intent = intents.get(id);
      if (intent) return { status: 200, body: intent };
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      });
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${req.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      rawBody,
      body: parseForm(rawBody),
    };
    requests.push(recorded);
    const reply = route(recorded);
    const version = req.headers['stripe-version'];
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': `req_${token(7)}`,
      ...(typeof version === 'string' ? { 'stripe-version': version } : {}),
      ...reply.headers,
    });
    res.end(JSON.stringify(reply.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;

  return {
    host: address,
    port,
    intents,
    refunds,
    requests,
    setStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`Fake Stripe has no payment intent ${id}`);
      intent.status = status;
    },
    close() {
      // The SDK keeps its sockets alive; without this, close() would wait for them to idle out.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((err) => (err ? reject(err) : resolve())),
      );
    },
  };
}
