import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors.js';
import type { AccessKeys } from './access-key.js';
import type { LiveSession } from './identity.service.js';

/** Who is calling, as the database knows them now (never as the key remembers them). */
export type Caller = { sub: string; sid: string; email: string; name: string };

export type Guards = {
  /** The caller behind a bearer access key whose session is still live, or a 401. */
  requireUser(request: FastifyRequest): Promise<Caller>;
  /**
   * The caller on a public route (a catalog read priced for a company buyer), or null: no key, or
   * a key that no longer holds is a visitor there, never a 401.
   */
  optionalUser(request: FastifyRequest): Promise<Caller | null>;
  /** The caller, who must be an admin now (the role is read by user id), or a 403. */
  requireAdmin(request: FastifyRequest): Promise<Caller>;
  isAdmin(caller: Caller): Promise<boolean>;
  /**
   * Forgets what was looked up: a session ended, an account or a role changed. The identity
   * provider's hooks and every role change call it, so this instance sees the change at once.
   */
  forget(): void;
};

export type GuardDeps = {
  accessKeys: AccessKeys;
  findSession: (sessionId: string) => Promise<LiveSession | null>;
  isAdmin: (userId: string) => Promise<boolean>;
  /**
   * How long a looked-up session or role is reused. Keeps authorized calls from paying a database
   * round trip each; bounds how late another instance's logout or role change takes effect here.
   */
  cacheMs: number;
};

/** A small time-bounded memo; cleared whole when it grows past its bound or something changes. */
function memo<T>(ttlMs: number, load: (key: string) => Promise<T>) {
  const entries = new Map<string, { value: T; at: number }>();
  let generation = 0;
  return {
    async get(key: string): Promise<T> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const started = generation;
      const value = await load(key);
      // A change during the lookup may have made it stale: use it, but do not keep it.
      if (ttlMs > 0 && started === generation) {
        if (entries.size >= 10_000) entries.clear();
        entries.set(key, { value, at: Date.now() });
      }
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

const ended = () => unauthorized('Your session has ended, please sign in again');

export function createGuards({ accessKeys, findSession, isAdmin, cacheMs }: GuardDeps): Guards {
  const sessions = memo(cacheMs, findSession);
  const roles = memo(cacheMs, isAdmin);

  const requireUser = async (request: FastifyRequest): Promise<Caller> => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized('Please sign in to continue');
    const claims = accessKeys.verify(token);
    if (!claims) throw unauthorized('Your session has expired, please sign in again');
    const session = await sessions.get(claims.sid);
    if (!session || session.userId !== claims.sub || session.expiresAt.getTime() <= Date.now())
      throw ended();
    // The address changed since the key was issued: the app renews it from the live session.
    if (session.email !== claims.email) throw ended();
    return { sub: session.userId, sid: claims.sid, email: session.email, name: session.name };
  };
  const callerIsAdmin = (caller: Caller) => roles.get(caller.sub);
  return {
    requireUser,
    async optionalUser(request) {
      if (!request.headers.authorization?.startsWith('Bearer ')) return null;
      return requireUser(request).catch(() => null);
    },
    isAdmin: callerIsAdmin,
    async requireAdmin(request) {
      const caller = await requireUser(request);
      if (!(await callerIsAdmin(caller))) throw forbidden('Only admins can do this');
      return caller;
    },
    forget() {
      sessions.clear();
      roles.clear();
    },
  };
}

/** Emails compare case-insensitively everywhere. */
export const sameEmail = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();
