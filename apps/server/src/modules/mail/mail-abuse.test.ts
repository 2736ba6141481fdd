import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, customer, uniqueEmail } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { caller, shipTo } from '../../test/privacy-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { rowsOf } from '../../db/raw-rows.js';
import { companyInvites } from '../companies/companies.tables.js';
import { outboxJobs } from '../outbox/outbox.tables.js';
import { MAIL_LIMITS } from '../limits/mail-limits.js';
import type { Mail } from './mailer.js';

const PHISH = 'Your bank: verify at evil.example http://evil.example/x';

/** The mails queued (not yet sent) since the test began. */
const queuedMails = async (ctx: ReturnType<typeof useTestApp>) =>
  (
    await ctx.database.db
      .select({ payload: outboxJobs.payload })
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, 'mail'))
  ).map((r) => r.payload as Mail);

describe('mail that a caller can make the shop send', () => {
  const ctx = useTestApp();
  const call: ReturnType<typeof caller> = (...args) => caller(ctx.app)(...args);

  it('limits invitations per account, also when sent all at once, and never puts the inviter’s words in a subject', async () => {
    const owner = await customer(ctx.app, { name: PHISH });
    const made = await call(owner, 'POST', '/api/companies', {
      name: `URGENT account locked ${PHISH}`,
      taxId: 'GB 123 4567 89',
      billingAddress: shipTo,
      deliveryAddresses: [],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: string }>().id;
    const max = MAIL_LIMITS.invite.perAccount.max;
    const answers = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/companies/${id}/invites`,
          headers: owner.auth,
          // From many client addresses: the account's own ceiling still holds.
          remoteAddress: `10.60.${i}.1`,
          payload: { email: uniqueEmail('invitee'), role: 'buyer' },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(max);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    const invites = await ctx.database.db
      .select()
      .from(companyInvites)
      .where(eq(companyInvites.companyId, id));
    expect(invites).toHaveLength(max);

    const mails = (await queuedMails(ctx)).filter((m) => m.subject.startsWith('Invitation'));
    expect(mails).toHaveLength(max);
    for (const m of mails) {
      expect(m.subject).not.toContain('evil.example');
      expect(m.subject).not.toContain('http');
      expect(m.subject).toMatch(/^Invitation to buy for “URGENT account locked .*…” at /);
      expect(m.text).not.toContain('evil.example');
      expect(m.text).toContain('evil[.]example');
    }
  });

  it('limits invitations per client address across accounts', async () => {
    const perIp = MAIL_LIMITS.invite.perIp.max;
    const codes: number[] = [];
    for (let n = 0; codes.length < perIp + 2; n += 1) {
      const owner = await customer(ctx.app, { email: uniqueEmail('ip-owner') });
      const made = await call(owner, 'POST', '/api/companies', {
        name: `Fleet ${n}`,
        taxId: 'GB 123 4567 89',
        billingAddress: shipTo,
        deliveryAddresses: [],
      });
      const id = made.json<{ id: string }>().id;
      for (let i = 0; i < 15 && codes.length < perIp + 2; i += 1)
        codes.push(
          (
            await ctx.app.inject({
              method: 'POST',
              url: `/api/companies/${id}/invites`,
              headers: owner.auth,
              remoteAddress: '10.61.0.1',
              payload: { email: uniqueEmail('by-ip'), role: 'buyer' },
            })
          ).statusCode,
        );
    }
    expect(codes.slice(0, perIp).every((c) => c === 201)).toBe(true);
    expect(codes.slice(perIp)).toEqual([429, 429]);
  });

  it('limits quote requests, which mail every admin, per account', async () => {
    await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 1 });
    const max = MAIL_LIMITS['quote-request'].perAccount.max;
    const countQuotes = async () =>
      Number(
        rowsOf(await ctx.database.db.execute(sql`select count(*)::int as n from quotes`))[0]?.n,
      );
    const before = await countQuotes();
    const answers = await Promise.all(
      Array.from({ length: max + 5 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/quotes',
          headers: buyer.auth,
          remoteAddress: `10.62.${i}.1`,
          payload: { lines: [{ partId: part.id, quantity: 5 }], note: PHISH },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(max);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect((await countQuotes()) - before).toBe(max);
  });

  it('puts a contact sender’s words in no subject, and defuses them in the copy they are sent', async () => {
    const res = await call(null, 'POST', '/api/contact', {
      name: PHISH,
      email: uniqueEmail('sender'),
      message: `Dear customer,\nverify at evil.example today`,
    });
    expect(res.statusCode).toBe(200);
    const mails = (await queuedMails(ctx)).filter(
      (m) => m.subject.startsWith('Contact form') || m.subject.startsWith('Your message'),
    );
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) expect(m.subject).not.toContain('evil.example');
    const copy = mails.find((m) => m.subject.startsWith('Your message'))!;
    expect(copy.text).not.toContain('evil.example');
    expect(copy.text).toContain('verify at evil[.]example today');
  });
});
