import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteAccountBody, endpoints, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { checkAccountPassword, isErasedEmail } from '../auth/auth.privacy.js';
import type { Caller, Guards } from '../auth/guards.js';
import { findUserById } from '../auth/identity.service.js';
import { minutes, type RateLimiter } from '../limits/rate-limiter.js';
import type { PrivacyContribution } from './contribution.js';
import { eraseAccount, exportData } from './privacy.service.js';

export type PrivacyRoutesOptions = {
  db: Db;
  guards: Guards;
  limiter: RateLimiter;
  contributions: readonly PrivacyContribution[];
  retentionYears: number;
};

/** Password attempts at deleting an account, per account. */
const DELETE_ATTEMPTS = { max: 5, windowSeconds: minutes(15) };

/** A customer's own data: a copy of all of it, and the deletion of their account. */
export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRoutesOptions> = async (
  app,
  { db, guards, limiter, contributions, retentionYears },
) => {
  const subjectOf = async (caller: Caller) => {
    const user = await findUserById(db, caller.sub);
    // An erased account (a second deletion racing the first) is no one's any more.
    if (!user || isErasedEmail(user.email)) throw notFound('Account');
    return { userId: user.id, email: user.email, name: user.name };
  };

  app.get(routePath(endpoints.exportMyData), async (request, reply) => {
    const caller = await guards.requireUser(request);
    const data = await exportData(db, await subjectOf(caller), contributions);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.post(routePath(endpoints.deleteMyAccount), async (request) => {
    const caller = await guards.requireUser(request);
    const body = parseOr400(DeleteAccountBody, request.body ?? {});
    await limiter.take(`delete-account:${caller.sub}`, DELETE_ATTEMPTS);
    const ok = await checkAccountPassword(db, caller.sub, body.password);
    if (ok === null) {
      throw new AppError(
        400,
        'NO_PASSWORD',
        'Your account has no password to confirm with: set one with "Forget password" first.',
        { password: 'Set a password first' },
      );
    }
    if (!ok) {
      throw new AppError(400, 'WRONG_PASSWORD', 'That password is not right.', {
        password: 'That password is not right.',
      });
    }
    await eraseAccount(db, await subjectOf(caller), contributions, {
      now: new Date(),
      retentionYears,
    });
    guards.forget();
    return { deleted: true as const };
  });
};
