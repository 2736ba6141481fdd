import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CompanyResponse, OrderResponse } from '@storefront/contract';
import type { Db } from '../db/database.js';
import { rowsOf } from '../db/raw-rows.js';
import { admin, customer, uniqueEmail } from './accounts.js';
import { insertPart } from './factories.js';
import { payInSandbox } from './pay.js';
import { markEmailVerified } from '../modules/auth/identity.service.js';

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

/** A person no other row could name by chance. */
export function person() {
  const name = `Zebulon ${letters(1).toUpperCase()}${letters(9)}`;
  const phone = `+44 7700 9${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  return { name, phone, email: uniqueEmail('erase-me') };
}

export const shipTo = {
  street: '12 Dock Road',
  city: 'Leeds',
  postalCode: 'LS1 4AP',
  country: 'United Kingdom',
};

export function caller(app: FastifyInstance) {
  return (
    who: { auth: Record<string, string> } | null,
    method: string,
    url: string,
    payload?: unknown,
  ) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The link's code from the last invitation mail sent to `email`. */
export async function inviteCode(
  app: FastifyInstance,
  sent: { to: string; text: string }[],
  email: string,
) {
  await app.storefront.outbox.runDue();
  const code = sent
    .filter((m) => m.to === email)
    .map((m) => m.text.match(/\/company\/join#([A-Za-z0-9_-]+)/)?.[1])
    .filter(Boolean)
    .at(-1);
  if (!code) throw new Error(`no invitation mail to ${email}`);
  return code;
}

/**
 * A customer who used every feature: profile, vehicle, cart, a paid order with business details,
 * a canceled one, a review, a company they joined, a quote, the contact form, mails sent.
 */
export async function busyCustomer(
  app: FastifyInstance,
  db: Db,
  sent: { to: string; text: string }[],
) {
  const who = person();
  const call = caller(app);
  const user = await customer(app, { name: who.name, email: who.email });
  await markEmailVerified(db, user.userId);
  expect(
    (
      await call(user, 'PUT', `/api/users/${user.email}`, {
        address: '7 Quay Street, Hull',
        phone: who.phone,
        education: 'Mechanic',
      })
    ).statusCode,
  ).toBe(200);
  await call(user, 'PUT', '/api/my-vehicle', {
    vehicle: { make: 'Toyota', model: 'Corolla', year: 2015 },
  });
  const part = await insertPart(db, { minOrderQuantity: 1, availableQuantity: 1000 });
  const paid = await call(user, 'POST', '/api/purchase', {
    partId: part.id,
    minimum: 2,
    shipTo,
    phone: who.phone,
    company: 'Quay Garage Ltd',
    taxId: 'GB 999 8888 77',
    poNumber: `PO for ${who.name}`,
  });
  expect(paid.statusCode).toBe(201);
  const paidOrder = paid.json<OrderResponse>();
  await payInSandbox(app, user, paidOrder._id);
  const dropped = await call(user, 'POST', '/api/purchase', {
    partId: part.id,
    minimum: 1,
    shipTo,
    phone: who.phone,
  });
  const droppedOrder = dropped.json<OrderResponse>();
  expect((await call(user, 'DELETE', `/api/purchase/${droppedOrder._id}`)).statusCode).toBe(200);
  expect(
    (
      await call(user, 'POST', '/api/cart/lines', {
        partId: part.id,
        quantity: 3,
        reference: `Van of ${who.name}`,
      })
    ).statusCode,
  ).toBeLessThan(300);
  expect(
    (
      await call(user, 'POST', '/api/reviews', {
        partId: part.id,
        description: 'Fitted in ten minutes, good pads.',
        rating: 5,
      })
    ).statusCode,
  ).toBeLessThan(300);

  // A company run by someone else, which the customer joins as a buyer.
  const owner = await customer(app, { email: uniqueEmail('owner') });
  await markEmailVerified(db, owner.userId);
  const company = (
    await call(owner, 'POST', '/api/companies', {
      name: `Fleet ${letters(6)} Ltd`,
      taxId: 'GB 123 4567 89',
      billingAddress: shipTo,
      deliveryAddresses: [],
    })
  ).json<CompanyResponse>();
  await call(owner, 'POST', `/api/companies/${company.id}/invites`, {
    email: user.email,
    role: 'buyer',
  });
  const accepted = await call(user, 'POST', '/api/company-invites/accept', {
    token: await inviteCode(app, sent, user.email),
  });
  expect(accepted.statusCode).toBe(200);

  // A quote asked for, offered by staff (who name the customer) and rejected by them.
  const staff = await admin(app, db);
  const asked = await call(user, 'POST', '/api/quotes', {
    lines: [{ partId: part.id, quantity: 40, targetUnitPrice: 5 }],
    note: `For ${who.name}'s vans, call ${who.phone}`,
  });
  expect(asked.statusCode).toBe(201);
  const quoteId = asked.json<{ id: string }>().id;
  const offered = await call(staff, 'POST', `/api/staff/quotes/${quoteId}/offer`, {
    basedOn: 0,
    lines: [{ partId: part.id, quantity: 40, unitPrice: 6 }],
    message: `Dear ${who.name}, our best price`,
    validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  });
  expect(offered.statusCode).toBe(200);
  expect(
    (
      await call(user, 'POST', `/api/quotes/${quoteId}/reject`, {
        version: 1,
        message: `Too dear, ring ${who.phone}`,
      })
    ).statusCode,
  ).toBe(200);

  expect(
    (
      await call(null, 'POST', '/api/contact', {
        name: who.name,
        email: who.email,
        message: `Call me on ${who.phone} about my order`,
        orderNumber: paidOrder.number,
      })
    ).statusCode,
  ).toBe(200);
  await app.storefront.outbox.runDue();
  return { ...who, user, part, paidOrder, droppedOrder, company, owner, staff };
}

/** Every text-like column of every table (discovered, so a new table is covered at once). */
export async function textColumns(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select table_name, column_name from information_schema.columns
       where table_schema = 'public'
         and (data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
              or (data_type = 'ARRAY' and udt_name in ('_text', '_varchar')))
       order by table_name, column_name`),
  ).map((r) => ({ table: String(r.table_name), column: String(r.column_name) }));
}

/** Where `needle` appears (case-insensitive), as `table.column` with the matching rows' text. */
export async function findEverywhere(db: Db, needle: string) {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  const hits: { where: string; values: string[] }[] = [];
  for (const { table, column } of await textColumns(db)) {
    const rows = rowsOf(
      await db.execute(
        sql`select ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where lower(${sql.identifier(column)}::text) like ${pattern}`,
      ),
    );
    if (rows.length > 0)
      hits.push({ where: `${table}.${column}`, values: rows.map((r) => String(r.v)) });
  }
  return hits;
}
