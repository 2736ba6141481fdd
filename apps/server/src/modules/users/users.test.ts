import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { customer, signUp, syncKey, uniqueEmail } from '../../test/accounts.js';
import { markEmailVerified } from '../auth/identity.service.js';
import { grantAdmin } from './roles.service.js';

describe('profile', () => {
  const ctx = useTestApp();

  it('updates only the non-empty fields and never returns a password', async () => {
    const me = await customer(ctx.app, { name: 'Grace' });
    const first = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${me.email}`,
      headers: me.auth,
      payload: { name: '', address: '12 Dock Road', phone: '+1 555 0100', education: 'BSc' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      name: 'Grace',
      email: me.email,
      address: '12 Dock Road',
      phone: '+1 555 0100',
      education: 'BSc',
    });
    const second = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${me.email}`,
      headers: me.auth,
      payload: { name: 'Grace Hopper', address: '  ', education: '' },
    });
    expect(second.json()).toEqual({
      name: 'Grace Hopper',
      email: me.email,
      address: '12 Dock Road',
      phone: '+1 555 0100',
      education: 'BSc',
    });
    expect(second.body).not.toMatch(/password/i);
  });

  it("refuses to read or change another user's profile", async () => {
    const me = await customer(ctx.app);
    const other = await customer(ctx.app, { name: 'Other' });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${other.email}`,
      headers: me.auth,
    });
    expect(read.statusCode).toBe(403);
    const write = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${other.email}`,
      headers: me.auth,
      payload: { name: 'Hacked' },
    });
    expect(write.statusCode).toBe(403);
    const still = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${other.email}`,
      headers: other.auth,
    });
    expect(still.json()).toMatchObject({ name: 'Other' });
  });

  it('needs a key to read a profile', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${uniqueEmail()}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a password, an email change or a role in the profile body and changes nothing', async () => {
    const me = await customer(ctx.app, { name: 'Stays' });
    for (const payload of [
      { password: 'newsecret' },
      { email: 'x@example.com' },
      { role: 'admin' },
      { admin: true, name: 'Changed' },
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${me.email}`,
        headers: me.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${me.email}`,
      headers: me.auth,
    });
    expect(after.json()).toMatchObject({ name: 'Stays', email: me.email });
    const admin = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${me.email}`,
      headers: me.auth,
    });
    expect(admin.json()).toEqual({ admin: false });
  });

  it('rejects a phone number that is not one', async () => {
    const me = await customer(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${me.email}`,
      headers: me.auth,
      payload: { phone: 'call me maybe' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { phone: 'Please enter a valid phone number' } });
  });
});

describe('admin lookup and roles', () => {
  const ctx = useTestApp({ adminEmails: ['boss@example.com'] });

  it('answers only for the caller’s own email', async () => {
    const me = await customer(ctx.app);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${me.email}`,
      headers: me.auth,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ admin: false });
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/boss@example.com`,
      headers: me.auth,
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('sees a grant from the admin command at once, without a new key', async () => {
    const me = await customer(ctx.app);
    await markEmailVerified(ctx.database.db, me.userId);
    await grantAdmin(ctx.database.db, me.email, 'command');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${me.email}`,
      headers: me.auth,
    });
    expect(res.json()).toEqual({ admin: true });
  });

  it('ignores a role smuggled into sign-up', async () => {
    const user = await signUp(ctx.app, { email: uniqueEmail('sneaky') });
    const sneaky = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: {
        name: 'Sneaky',
        email: uniqueEmail('sneaky'),
        password: 'secret123',
        role: 'admin',
        admin: true,
      },
    });
    expect(sneaky.statusCode).toBeLessThan(500);
    const key = (await syncKey(ctx.app, user.cookie, user.email)).json() as { key: string };
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${user.email}`,
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(res.json()).toEqual({ admin: false });
  });
});
