import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminResponse,
  EmailParams,
  endpoints,
  ProfileUpdateBody,
  routePath,
  UserSyncBody,
  type UserSyncResponse,
} from '@storefront/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound, unauthorized } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { toWebHeaders } from '../../http/web-headers.js';
import type { AccessKeys } from '../auth/access-key.js';
import type { Auth } from '../auth/auth.js';
import { sameEmail, type Guards } from '../auth/guards.js';
import { ensureProfile, getProfile, grantAdmin, isAdmin, updateProfile } from './users.service.js';

export type UserRoutesOptions = {
  db: Db;
  auth: Auth;
  guards: Guards;
  accessKeys: AccessKeys;
  config: Config;
};

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (
  app,
  { db, auth, guards, accessKeys, config },
) => {
  app.get(routePath(endpoints.getProfile), { schema: { params: EmailParams } }, async (request) => {
    const caller = guards.requireUser(request);
    if (!sameEmail(caller.email, request.params.email))
      throw forbidden('You can only see your own profile');
    const profile = await getProfile(db, caller.sub);
    if (!profile) throw notFound('User');
    return profile;
  });

  // One path carries either the sign-in sync or a profile update (spec section 7).
  app.put(routePath(endpoints.putUser), { schema: { params: EmailParams } }, async (request) => {
    const raw = request.body;
    if (typeof raw === 'object' && raw !== null && 'currentUser' in raw) {
      const body = parseOr400(UserSyncBody, raw);
      // Sign-in sync: only a live provider session for this very email earns a key.
      const session = await auth.api.getSession({ headers: toWebHeaders(request.headers) });
      if (!session) throw unauthorized('Please sign in to continue');
      const email = session.user.email;
      if (!sameEmail(email, request.params.email) || !sameEmail(email, body.currentUser.email)) {
        throw forbidden('You can only sign in as yourself');
      }
      await ensureProfile(db, session.user.id);
      if (config.adminEmails.includes(email.toLowerCase())) await grantAdmin(db, email, 'env');
      const answer: UserSyncResponse = {
        key: accessKeys.issue({ id: session.user.id, email, name: session.user.name }),
      };
      return answer;
    }
    const caller = guards.requireUser(request);
    if (!sameEmail(caller.email, request.params.email))
      throw forbidden('You can only change your own profile');
    const body = parseOr400(ProfileUpdateBody, raw ?? {});
    const updated = await updateProfile(db, caller.sub, body);
    if (!updated) throw new AppError(404, 'NOT_FOUND', 'User not found');
    return updated;
  });

  app.get(routePath(endpoints.getAdmin), { schema: { params: EmailParams } }, async (request) => {
    const caller = guards.requireUser(request);
    if (!sameEmail(caller.email, request.params.email))
      throw forbidden('You can only ask about yourself');
    const answer: AdminResponse = { admin: await isAdmin(db, caller.email) };
    return answer;
  });
};
