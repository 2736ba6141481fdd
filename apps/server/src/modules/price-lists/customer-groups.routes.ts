import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignPriceListBody,
  CustomerGroupBody,
  CustomerGroupMemberBody,
  CustomerGroupMemberParams,
  CustomerGroupParams,
  endpoints,
  PriceListGroupParams,
  routePath,
} from '@storefront/contract';
import type { Db, Tx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { findUserByEmail } from '../auth/identity.service.js';
import type { Caller, Guards } from '../auth/guards.js';
import { changeList } from './audited.js';
import {
  assignToGroup,
  customerGroupDetails,
  deleteCustomerGroup,
  findCustomerGroup,
  groupNotFound,
  listCustomerGroups,
  putInGroup,
  saveCustomerGroup,
  takeOutOfGroup,
  unassignFromGroup,
} from './customer-groups.service.js';
import { detailsOf } from './price-lists.routes.js';

export type CustomerGroupRoutesOptions = { db: Db; guards: Guards };

/**
 * Customer groups and the lists given to them (decision 062): staff only, every change audited
 * in its own transaction. Groups are no buyer's resource: buyers never read them, they only pay
 * their prices.
 */
export const customerGroupRoutes: FastifyPluginAsyncZod<CustomerGroupRoutesOptions> = async (
  app,
  { db, guards },
) => {
  /** A change of a group and its audit entry, in one transaction; a group gone is a 404. */
  const changeGroup = (
    caller: Caller,
    groupId: string | null,
    action: string,
    work: (tx: Tx) => Promise<{ id: string; summary: string; details?: Record<string, unknown> }>,
  ) =>
    db.transaction(async (tx) => {
      if (groupId !== null && !(await findCustomerGroup(tx, groupId, 'key share')))
        throw groupNotFound();
      const done = await work(tx);
      await recordAudit(
        tx,
        { userId: caller.sub, email: caller.email },
        {
          action,
          targetType: 'customer-group',
          targetId: done.id,
          summary: done.summary,
          ...(done.details ? { details: done.details } : {}),
        },
      );
      return done.id;
    });

  app.get(routePath(endpoints.staffCustomerGroups), async (request) => {
    await guards.requireAdmin(request);
    return listCustomerGroups(db);
  });

  app.post(routePath(endpoints.staffCreateCustomerGroup), async (request, reply) => {
    const caller = await guards.requireAdmin(request);
    const { name } = parseOr400(CustomerGroupBody, request.body ?? {});
    const id = await changeGroup(caller, null, 'customer-group.create', async (tx) => {
      const group = await saveCustomerGroup(tx, name);
      return { id: group.id, summary: `Made the customer group "${name}"` };
    });
    return reply.status(201).send(await customerGroupDetails(db, id));
  });

  app.get(
    routePath(endpoints.staffCustomerGroup),
    { schema: { params: CustomerGroupParams } },
    async (request) => {
      await guards.requireAdmin(request);
      return customerGroupDetails(db, request.params.id);
    },
  );

  app.put(
    routePath(endpoints.staffRenameCustomerGroup),
    { schema: { params: CustomerGroupParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id } = request.params;
      const { name } = parseOr400(CustomerGroupBody, request.body ?? {});
      await changeGroup(caller, id, 'customer-group.rename', async (tx) => {
        await saveCustomerGroup(tx, name, id);
        return { id, summary: `Renamed a customer group "${name}"` };
      });
      return customerGroupDetails(db, id);
    },
  );

  app.delete(
    routePath(endpoints.staffDeleteCustomerGroup),
    { schema: { params: CustomerGroupParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id } = request.params;
      await changeGroup(caller, id, 'customer-group.delete', async (tx) => {
        const gone = await deleteCustomerGroup(tx, id);
        return { id, summary: `Deleted the customer group "${gone.name}"` };
      });
      return listCustomerGroups(db);
    },
  );

  app.post(
    routePath(endpoints.staffAddCustomerGroupMember),
    { schema: { params: CustomerGroupParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id } = request.params;
      const { email } = parseOr400(CustomerGroupMemberBody, request.body ?? {});
      const user = await findUserByEmail(db, email);
      if (!user)
        throw new AppError(400, 'VALIDATION_FAILED', 'No customer has this email address', {
          email: 'No customer has this email address',
        });
      await changeGroup(caller, id, 'customer-group.add-member', async (tx) => {
        await putInGroup(tx, id, user.id);
        return {
          id,
          summary: `Put ${user.email} in a customer group`,
          details: { userId: user.id },
        };
      });
      return customerGroupDetails(db, id);
    },
  );

  app.delete(
    routePath(endpoints.staffRemoveCustomerGroupMember),
    { schema: { params: CustomerGroupMemberParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id, userId } = request.params;
      await changeGroup(caller, id, 'customer-group.remove-member', async (tx) => {
        if (!(await takeOutOfGroup(tx, id, userId))) throw notFound('Member');
        return { id, summary: 'Took a customer out of a customer group', details: { userId } };
      });
      return customerGroupDetails(db, id);
    },
  );

  app.put(
    routePath(endpoints.staffAssignPriceListToGroup),
    { schema: { params: PriceListGroupParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id, groupId } = request.params;
      const { priority } = parseOr400(AssignPriceListBody, request.body ?? {});
      await changeList(db, caller, id, 'price-list.assign-group', async (tx, list) => {
        const group = await findCustomerGroup(tx, groupId, 'key share');
        if (!group) throw groupNotFound();
        await assignToGroup(tx, id, groupId, priority);
        return {
          value: null,
          summary: `Assigned the price list "${list.name}" to the customer group "${group.name}" with priority ${priority}`,
          details: { groupId, priority },
        };
      });
      return detailsOf(db, id);
    },
  );

  app.delete(
    routePath(endpoints.staffUnassignPriceListFromGroup),
    { schema: { params: PriceListGroupParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id, groupId } = request.params;
      await changeList(db, caller, id, 'price-list.unassign-group', async (tx, list) => {
        const group = await findCustomerGroup(tx, groupId);
        if (!group) throw groupNotFound();
        if (!(await unassignFromGroup(tx, id, groupId))) throw notFound('Assignment');
        return {
          value: null,
          summary: `Took the price list "${list.name}" away from the customer group "${group.name}"`,
          details: { groupId },
        };
      });
      return detailsOf(db, id);
    },
  );
};
