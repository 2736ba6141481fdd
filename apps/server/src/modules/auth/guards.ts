import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors.js';
import type { AccessKeyClaims, AccessKeys } from './access-key.js';

export type Caller = AccessKeyClaims;
export type Guards = {
  /** The signed-in caller from the bearer access key, or a 401. */
  requireUser(request: FastifyRequest): Caller;
  /** The caller, who must be an admin now (looked up, never taken from the key), or a 403. */
  requireAdmin(request: FastifyRequest): Promise<Caller>;
};

/** `isAdmin` is the users module's role lookup, handed in so identity does not depend on it. */
export function createGuards(
  accessKeys: AccessKeys,
  isAdmin: (caller: Caller) => Promise<boolean>,
): Guards {
  const requireUser = (request: FastifyRequest): Caller => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized('Please sign in to continue');
    const claims = accessKeys.verify(token);
    if (!claims) throw unauthorized('Your session has expired, please sign in again');
    return claims;
  };
  return {
    requireUser,
    async requireAdmin(request) {
      const caller = requireUser(request);
      if (!(await isAdmin(caller))) throw forbidden('Only admins can do this');
      return caller;
    },
  };
}

/** Emails compare case-insensitively everywhere. */
export const sameEmail = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();
