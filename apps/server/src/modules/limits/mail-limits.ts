import { subjectKey } from './limit-keys.js';
import { minutes, type Limit, type RateLimiter } from './rate-limiter.js';

/**
 * Requests that make the shop mail an address the caller chose (an invitation) or its staff (a
 * quote request), per account and per client address, as the contact form is: without them any
 * new account could make the shop send mail by the thousand (decision 057).
 */
export const MAIL_LIMITS = {
  invite: {
    perAccount: { max: 20, windowSeconds: minutes(60) },
    perIp: { max: 40, windowSeconds: minutes(60) },
  },
  'quote-request': {
    perAccount: { max: 10, windowSeconds: minutes(60) },
    perIp: { max: 30, windowSeconds: minutes(60) },
  },
} satisfies Record<string, { perAccount: Limit; perIp: Limit }>;

/** Counts one such request; a 429 with `Retry-After` once either ceiling is passed. */
export async function takeMailAllowance(
  limiter: RateLimiter | null,
  kind: keyof typeof MAIL_LIMITS,
  who: { userId: string; ip: string },
): Promise<void> {
  if (!limiter) return;
  await limiter.take(subjectKey(`${kind}-ip`, who.ip), MAIL_LIMITS[kind].perIp);
  await limiter.take(subjectKey(kind, who.userId), MAIL_LIMITS[kind].perAccount);
}
