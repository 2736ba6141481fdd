import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customer } from '../../test/accounts.js';
import { busyCustomer, caller, textColumns } from '../../test/privacy-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { rowsOf } from '../../db/raw-rows.js';
import type { Db } from '../../db/database.js';
import { rateLimits } from '../limits/limits.tables.js';

/**
 * Every row of every table that names the person (their address anywhere in its text, or their
 * id), as text: what an erasure of somebody else must leave exactly as it was.
 */
async function rowsNaming(db: Db, email: string, userId: string): Promise<string[]> {
  const tables = [...new Set((await textColumns(db)).map((c) => c.table))];
  const found: string[] = [];
  for (const table of tables) {
    const rows = rowsOf(
      await db.execute(
        sql`select t::text as row from ${sql.identifier(table)} t
             where strpos(lower(t::text), ${email}) > 0 or strpos(t::text, ${userId}) > 0`,
      ),
    );
    for (const r of rows) found.push(`${table}: ${String(r.row)}`);
  }
  return found.sort();
}

describe('an erasure touches only its owner', () => {
  // Sign-in limits on, as in production: the lockout is part of what must survive.
  const ctx = useTestApp({ openOrderLimits: { count: 1000, valueCents: 1e12 } });

  it("leaves every row of an account whose address contains the erased one's exactly as it was", async () => {
    const call = caller(ctx.app);
    const victim = await busyCustomer(ctx.app, ctx.database.db, ctx.mailer.sent);
    const db = ctx.database.db;

    // The victim is locked out after 50 failed sign-ins from many places.
    await db.insert(rateLimits).values({
      key: `account:${victim.email}:/sign-in/email`,
      count: 50,
      resetAt: new Date(Date.now() + 3_600_000),
    });
    const signIn = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.77.0.1',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: victim.email, password: 'a-wrong-guess' },
      });
    expect((await signIn()).statusCode).toBe(429);
    // Staff name the victim in the audit log, and a reset link waits in the outbox.
    expect(
      (await call(victim.staff, 'POST', '/api/staff/admins', { email: victim.email })).statusCode,
    ).toBe(200);
    expect(
      (await call(victim.staff, 'DELETE', `/api/staff/admins/${victim.email}`)).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          remoteAddress: '10.77.0.2',
          headers: { origin: 'http://localhost:3000' },
          payload: { email: victim.email, redirectTo: '/reset-password' },
        })
      ).statusCode,
    ).toBe(200);

    // The attacker registers a fragment of the victim's address, reads their own data and
    // deletes their own account.
    const attacker = await customer(ctx.app, { email: victim.email.slice(1) });
    const before = await rowsNaming(db, victim.email, victim.user.userId);
    expect(before.some((r) => r.startsWith('rate_limits:'))).toBe(true);
    expect(before.some((r) => r.startsWith('audit_log:'))).toBe(true);
    expect(before.some((r) => r.startsWith('outbox_jobs:'))).toBe(true);

    const exported = await call(attacker, 'GET', '/api/me/data');
    expect(exported.statusCode).toBe(200);
    expect(JSON.stringify(exported.json())).not.toContain(victim.email);
    const deleted = await call(attacker, 'POST', '/api/me/delete', {
      password: attacker.password,
    });
    expect(deleted.statusCode).toBe(200);

    // Nothing of the victim changed, in any table; the lockout still holds.
    expect(await rowsNaming(db, victim.email, victim.user.userId)).toEqual(before);
    expect((await signIn()).statusCode).toBe(429);
  });
});
