import { describe, expect, it } from 'vitest';
import { createAccessKeys } from './access-key.js';

const user = { userId: 'u1', sessionId: 's1', email: 'a@example.com' };

describe('access keys', () => {
  const keys = createAccessKeys('a-secret-that-is-long-enough-0123456789', 60);

  it('verifies a key it issued and returns who it names', () => {
    const key = keys.issue(user);
    expect(keys.verify(key)).toMatchObject({ sub: 'u1', sid: 's1', email: 'a@example.com' });
  });

  it('refuses an expired key', () => {
    const key = keys.issue(user, Date.now() - 61_000);
    expect(keys.verify(key)).toBeNull();
  });

  it('refuses a key whose payload was changed', () => {
    const [payload, signature] = keys.issue(user).split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        email: 'admin@example.com',
      }),
    ).toString('base64url');
    expect(keys.verify(`${forged}.${signature}`)).toBeNull();
  });

  it('refuses a key signed with another secret, and garbage', () => {
    const other = createAccessKeys('another-secret-that-is-long-enough-987654', 60);
    expect(keys.verify(other.issue(user))).toBeNull();
    for (const junk of ['', '.', 'a.b', 'a.b.c', 'x'.repeat(5000)])
      expect(keys.verify(junk)).toBeNull();
  });
});
