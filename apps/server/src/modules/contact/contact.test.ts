import { describe, expect, it } from 'vitest';
import { admin, uniqueEmail } from '../../test/accounts.js';
import { caller } from '../../test/privacy-kit.js';
import { useTestApp } from '../../test/test-app.js';

const message = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email,
  company: 'Analytical Engines Ltd',
  message: 'Do you make pads for a 2015 Corolla?',
  orderNumber: 'A-10001',
  ...extra,
});

describe('contact form (to every admin)', () => {
  const ctx = useTestApp({ authRateLimit: false });

  it('mails every admin and sends the sender a copy, through the outbox', async () => {
    const staff = await admin(ctx.app, ctx.database.db);
    const from = uniqueEmail('ada');
    const res = await caller(ctx.app)(null, 'POST', '/api/contact', message(from));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    expect(ctx.mailer.sent.filter((m) => m.to === from)).toHaveLength(0);
    await ctx.app.storefront.outbox.runDue();
    const toShop = ctx.mailer.sent.filter(
      (m) => m.to === staff.email && m.subject.startsWith('Contact form'),
    );
    expect(toShop).toHaveLength(1);
    expect(toShop[0]!.text).toContain(from);
    expect(toShop[0]!.text).toContain('A-10001');
    const copy = ctx.mailer.sent.filter((m) => m.to === from);
    expect(copy).toHaveLength(1);
    expect(copy[0]!.text).toContain('Do you make pads');
  });

  it('ignores a bot that fills the hidden field, and refuses bad input with a 400', async () => {
    const call = caller(ctx.app);
    const from = uniqueEmail('bot');
    const res = await call(
      null,
      'POST',
      '/api/contact',
      message(from, { website: 'http://spam.example' }),
    );
    expect(res.statusCode).toBe(200);
    await ctx.app.storefront.outbox.runDue();
    expect(ctx.mailer.sent.filter((m) => m.to === from || m.text.includes(from))).toHaveLength(0);
    const bad = await call(null, 'POST', '/api/contact', { email: 'nope', message: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ name: 'Name is required' });
  });

  it('limits one sender to 3 messages an hour, however many arrive at once', async () => {
    const from = uniqueEmail('chatty');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: message(from),
          remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(answers.find((a) => a.statusCode === 429)!.headers['retry-after']).toBeDefined();
  });

  it('limits one client address to 10 messages an hour', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: message(uniqueEmail('many')),
          remoteAddress: '192.0.2.77',
        }),
      );
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(10).fill(200), 429, 429]);
  });
});

describe('contact form (to CONTACT_EMAIL)', () => {
  const ctx = useTestApp({ authRateLimit: false, contactEmail: 'desk@shop.example' });

  it('mails the configured address instead of the admins', async () => {
    await admin(ctx.app, ctx.database.db);
    const from = uniqueEmail('grace');
    expect((await caller(ctx.app)(null, 'POST', '/api/contact', message(from))).statusCode).toBe(
      200,
    );
    await ctx.app.storefront.outbox.runDue();
    const contactMails = ctx.mailer.sent.filter((m) =>
      /^(Contact form|Your message)/.test(m.subject),
    );
    expect(contactMails.map((m) => m.to).sort()).toEqual(['desk@shop.example', from].sort());
  });
});
