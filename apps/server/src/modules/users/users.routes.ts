import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminResponse,
  EmailParams,
  endpoints,
  MyVehicleBody,
  ProfileUpdateBody,
  routePath,
  UserSyncBody,
  type UserSyncResponse,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound, unauthorized } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { requireTrustedOrigin } from '../../http/origin.js';
import { toWebHeaders } from '../../http/web-headers.js';
import type { AccessKeys } from '../auth/access-key.js';
import type { Auth } from '../auth/auth.js';
import { sameEmail, type Guards } from '../auth/guards.js';
import { applyRoleGrants } from './roles.service.js';
import {
  ensureProfile,
  getProfile,
  getVehicle,
  setVehicle,
  updateProfile,
} from './users.service.js';

export type UserRoutesOptions = {
  db: Db;
  auth: Auth;
  guards: Guards;
  accessKeys: AccessKeys;
  trustedOrigins: readonly string[];
};

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (
  app,
  { db, auth, guards, accessKeys, trustedOrigins },
) => {
  // The customer's vehicle, remembered on the account so every device marks parts alike.
  app.get(routePath(endpoints.getMyVehicle), async (request) => {
    const caller = await guards.requireUser(request);
    return { vehicle: await getVehicle(db, caller.sub) };
  });

  app.put(routePath(endpoints.putMyVehicle), async (request) => {
    const caller = await guards.requireUser(request);
    const { vehicle } = parseOr400(MyVehicleBody, request.body ?? {});
    await setVehicle(db, caller.sub, vehicle);
    return { vehicle };
  });

  app.get(routePath(endpoints.getProfile), { schema: { params: EmailParams } }, async (request) => {
    const caller = await guards.requireUser(request);
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
      // The session cookie is the credential here: a page of another site must not use it.
      requireTrustedOrigin(request, trustedOrigins);
      const body = parseOr400(UserSyncBody, raw);
      // Sign-in sync: only a live provider session for this very email earns a key.
      const session = await auth.api.getSession({ headers: toWebHeaders(request.headers) });
      if (!session) throw unauthorized('Please sign in to continue');
      const email = session.user.email;
      if (!sameEmail(email, request.params.email) || !sameEmail(email, body.currentUser.email)) {
        throw forbidden('You can only sign in as yourself');
      }
      await ensureProfile(db, session.user.id);
      // A role promised to an address its owner has proved (Google's, say) applies from here.
      if (await applyRoleGrants(db, session.user)) guards.forget();
      const answer: UserSyncResponse = {
        key: accessKeys.issue({
          userId: session.user.id,
          sessionId: session.session.id,
          email: email.toLowerCase(),
        }),
      };
      return answer;
    }
    const caller = await guards.requireUser(request);
    if (!sameEmail(caller.email, request.params.email))
      throw forbidden('You can only change your own profile');
    const body = parseOr400(ProfileUpdateBody, raw ?? {});
    const updated = await updateProfile(db, caller.sub, body);
    if (!updated) throw new AppError(404, 'NOT_FOUND', 'User not found');
    // A new name is read from the session lookups: forget the cached ones.
    if (body.name?.trim()) guards.forget();
    return updated;
  });

  app.get(routePath(endpoints.getAdmin), { schema: { params: EmailParams } }, async (request) => {
    const caller = await guards.requireUser(request);
    if (!sameEmail(caller.email, request.params.email))
      throw forbidden('You can only ask about yourself');
    const answer: AdminResponse = { admin: await guards.isAdmin(caller) };
    return answer;
  });
};
