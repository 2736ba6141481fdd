import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConfirmPaymentBody,
  CreatePaymentIntentBody,
  endpoints,
  IdParams,
  routePath,
  SandboxConfirmBody,
  type CreatePaymentIntentResponse,
  type SandboxConfirmResponse,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import {
  confirmOrderPayment,
  createPaymentIntent,
  handlePaymentEvent,
} from './payments.service.js';
import { WebhookSignatureError, type PaymentProvider } from './provider.js';
import type { SandboxProvider } from './sandbox-provider.js';

export type PaymentRoutesOptions = {
  db: Db;
  guards: Guards;
  provider: PaymentProvider;
  sandbox: SandboxProvider | null;
} & OnQueued;

/** A change queued outbox work (a receipt, a refund): the worker should look now. */
type OnQueued = { onQueued: () => void };

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { db, guards, provider, sandbox, onQueued },
) => {
  app.post(routePath(endpoints.createPaymentIntent), async (request, reply) => {
    const caller = await guards.requireUser(request);
    const body = parseOr400(CreatePaymentIntentBody, request.body ?? {});
    const answer: CreatePaymentIntentResponse = await createPaymentIntent(
      db,
      provider,
      caller,
      body.orderId,
      request.log,
    );
    return reply.status(200).send(answer);
  });

  app.patch(
    routePath(endpoints.confirmPayment),
    { schema: { params: IdParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      const body = parseOr400(ConfirmPaymentBody, request.body ?? {});
      if (body.purchase !== undefined && body.purchase !== request.params.id) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'The order in the body is not the order in the address',
        );
      }
      const order = await confirmOrderPayment(
        db,
        provider,
        caller,
        request.params.id,
        body.transactionId,
      );
      onQueued();
      return order;
    },
  );

  if (sandbox) {
    // Stands in for Stripe.js's confirmCardPayment; the client secret is the capability, as with Stripe.
    app.post(routePath(endpoints.sandboxConfirm), async (request) => {
      const body = parseOr400(SandboxConfirmBody, request.body ?? {});
      const { intent, outcome } = await sandbox.confirmCard(body.clientSecret, body.card);
      if (outcome.ok) onQueued();
      const answer: SandboxConfirmResponse = outcome.ok
        ? { paymentIntent: { id: intent!.id, status: intent!.status } }
        : { error: { code: outcome.code, message: outcome.message } };
      return answer;
    });
  }
};

/** Stripe's webhook: its signature covers the exact bytes, so this route keeps the body raw. */
export const stripeWebhookRoutes: FastifyPluginAsync<
  { db: Db; provider: PaymentProvider } & OnQueued
> = async (app, { db, provider, onQueued }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(routePath(endpoints.stripeWebhook), async (request, reply) => {
    if (provider.name !== 'stripe')
      throw new AppError(404, 'NOT_FOUND', 'Stripe is not configured on this shop');
    let event;
    try {
      event = provider.parseWebhook(
        String(request.body ?? ''),
        request.headers['stripe-signature'] as string | undefined,
      );
    } catch (err) {
      if (err instanceof WebhookSignatureError)
        throw new AppError(400, 'BAD_SIGNATURE', 'The webhook signature does not match');
      throw err;
    }
    const result = await handlePaymentEvent(db, event, onQueued);
    onQueued();
    request.log.info({ eventId: event.id, type: event.type, result }, 'stripe webhook');
    return reply.send({ received: true });
  });
};
