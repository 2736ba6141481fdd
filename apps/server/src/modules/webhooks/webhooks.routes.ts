import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  COMPANY_EVENT_TYPES,
  endpoints,
  routePath,
  WebhookEndpointBody,
  type Endpoint,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit, type StaffActor } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import { requireRole } from '../companies/companies.service.js';
import { addressProblem, type DestinationRules } from './destination.js';
import {
  createEndpoint,
  enableEndpoint,
  listDeliveries,
  listEndpoints,
  removeEndpoint,
  requireEndpoint,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  toEndpointView,
  type EndpointOwner,
} from './webhooks.service.js';

export type WebhookRoutesOptions = {
  db: Db;
  guards: Guards;
  rules: DestinationRules;
  /** A delivery was queued: the worker looks now. */
  onQueued: () => void;
};

type Params = { id: string; endpointId?: string; deliveryId?: string };

/**
 * The same calls for the shop's endpoints (admins) and a company's (its owners only; 404 to
 * anyone else). Who is asking is checked before the body, and the owner comes from the path.
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (
  app,
  { db, guards, rules, onQueued },
) => {
  const sides = [
    {
      company: false,
      calls: {
        list: endpoints.staffWebhooks,
        create: endpoints.staffCreateWebhook,
        remove: endpoints.staffRemoveWebhook,
        enable: endpoints.staffEnableWebhook,
        rotate: endpoints.staffRotateWebhookSecret,
        test: endpoints.staffTestWebhook,
        deliveries: endpoints.staffWebhookDeliveries,
        resend: endpoints.staffResendWebhook,
      },
    },
    {
      company: true,
      calls: {
        list: endpoints.companyWebhooks,
        create: endpoints.companyCreateWebhook,
        remove: endpoints.companyRemoveWebhook,
        enable: endpoints.companyEnableWebhook,
        rotate: endpoints.companyRotateWebhookSecret,
        test: endpoints.companyTestWebhook,
        deliveries: endpoints.companyWebhookDeliveries,
        resend: endpoints.companyResendWebhook,
      },
    },
  ] as const;

  for (const { company, calls } of sides) {
    /** Who asks, and whose endpoints the path names. */
    const ownerOf = async (
      request: FastifyRequest,
    ): Promise<{ owner: EndpointOwner; actor: StaffActor; endpointId: string }> => {
      const params = request.params as Params;
      if (!company) {
        const caller = await guards.requireAdmin(request);
        return {
          owner: { companyId: null },
          actor: { userId: caller.sub, email: caller.email },
          endpointId: params.id,
        };
      }
      const caller = await guards.requireUser(request);
      await requireRole(db, params.id, caller, ['owner']);
      return {
        owner: { companyId: params.id },
        actor: { userId: caller.sub, email: caller.email },
        endpointId: params.endpointId ?? '',
      };
    };
    const audit = (actor: StaffActor, action: string, targetId: string, summary: string) =>
      recordAudit(db, actor, { action, targetType: 'webhook', targetId, summary });
    const route = (e: Endpoint) => routePath(e);
    const paramsOf = (e: Endpoint) => (e.params ? { schema: { params: e.params } } : {});

    app.get(route(calls.list), paramsOf(calls.list), async (request) => {
      const { owner } = await ownerOf(request);
      return listEndpoints(db, owner);
    });

    app.post(route(calls.create), paramsOf(calls.create), async (request, reply) => {
      const { owner, actor } = await ownerOf(request);
      const body = parseOr400(WebhookEndpointBody, request.body ?? {});
      const problem = addressProblem(body.url, rules);
      if (problem) throw new AppError(400, 'VALIDATION_FAILED', problem, { url: problem });
      if (company && body.eventTypes.some((t) => !COMPANY_EVENT_TYPES.includes(t)))
        throw new AppError(400, 'VALIDATION_FAILED', 'A company endpoint hears its own events', {
          eventTypes: 'A company endpoint hears its own orders and quotes only',
        });
      const row = await db.transaction(async (tx) => {
        const made = await createEndpoint(tx, owner, { ...body, createdBy: actor.userId });
        await recordAudit(tx, actor, {
          action: 'webhook.create',
          targetType: 'webhook',
          targetId: made.id,
          summary: `Added the webhook endpoint ${made.url}`,
        });
        return made;
      });
      return reply.status(201).send({ ...toEndpointView(row), secret: row.secret });
    });

    app.delete(route(calls.remove), paramsOf(calls.remove), async (request) => {
      const { owner, actor, endpointId } = await ownerOf(request);
      const row = await requireEndpoint(db, owner, endpointId);
      await removeEndpoint(db, owner, endpointId);
      await audit(actor, 'webhook.remove', endpointId, `Removed the webhook endpoint ${row.url}`);
      return listEndpoints(db, owner);
    });

    app.post(route(calls.enable), paramsOf(calls.enable), async (request) => {
      const { owner, actor, endpointId } = await ownerOf(request);
      await enableEndpoint(db, owner, endpointId);
      await audit(actor, 'webhook.enable', endpointId, 'Turned a webhook endpoint back on');
      onQueued();
      return listEndpoints(db, owner);
    });

    app.post(route(calls.rotate), paramsOf(calls.rotate), async (request) => {
      const { owner, actor, endpointId } = await ownerOf(request);
      const secret = await rotateSecret(db, owner, endpointId);
      await audit(actor, 'webhook.rotate', endpointId, 'Rotated a webhook signing secret');
      return { secret };
    });

    app.post(route(calls.test), paramsOf(calls.test), async (request, reply) => {
      const { owner, endpointId } = await ownerOf(request);
      const endpoint = await requireEndpoint(db, owner, endpointId);
      const delivery = await sendTestEvent(db, endpoint);
      onQueued();
      return reply.status(201).send(delivery);
    });

    app.get(route(calls.deliveries), paramsOf(calls.deliveries), async (request) => {
      const { owner, endpointId } = await ownerOf(request);
      await requireEndpoint(db, owner, endpointId);
      return listDeliveries(db, endpointId);
    });

    app.post(route(calls.resend), paramsOf(calls.resend), async (request, reply) => {
      const { owner, endpointId } = await ownerOf(request);
      await requireEndpoint(db, owner, endpointId);
      const delivery = await resendDelivery(
        db,
        endpointId,
        (request.params as Params).deliveryId ?? '',
      );
      onQueued();
      return reply.status(201).send(delivery);
    });
  }
};
