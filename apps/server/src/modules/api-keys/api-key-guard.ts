import type { FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, type ApiKeyKind, type ApiScope } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { StaffActor } from '../audit/audit.service.js';
import { subjectKey } from '../limits/limit-keys.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import { findKeyByHash, hashKey, touchApiKey, type ApiKeyRow } from './api-keys.service.js';

/** The machine calling a v1 route, as its key's row says now (at most `cacheMs` old). */
export type KeyCaller = {
  keyId: string;
  name: string;
  kind: ApiKeyKind;
  companyId: string | null;
  scopes: readonly ApiScope[];
  /** Who the audit log names for what the key changes: the key, by name and prefix. */
  actor: StaffActor;
  /** The user who made the key: a company key orders as them. */
  createdBy: string;
  expiresAt: Date | null;
};

export type KeyGuard = {
  /**
   * The key behind `Authorization: Bearer sfk_…`, live and holding one of `scopes` (none: any
   * key); 401 without a live key, 403 outside its scopes, 429 past its rate.
   */
  requireKey(request: FastifyRequest, scopes?: readonly ApiScope[]): Promise<KeyCaller>;
  /** Forgets looked-up keys (a revocation on this instance takes effect at once). */
  forget(): void;
};

const refused = (code: string, message: string) => new AppError(401, code, message);

export function createKeyGuard(deps: {
  db: Db;
  limiter: RateLimiter;
  /** SESSION_CHECK_CACHE_MS: how late another instance's revocation may take effect here. */
  cacheMs: number;
}): KeyGuard {
  const cache = new Map<string, { row: ApiKeyRow | undefined; at: number }>();
  let generation = 0;

  const lookUp = async (hash: string): Promise<ApiKeyRow | undefined> => {
    const hit = cache.get(hash);
    if (hit && Date.now() - hit.at < deps.cacheMs) return hit.row;
    const started = generation;
    const row = await findKeyByHash(deps.db, hash);
    if (deps.cacheMs > 0 && started === generation) {
      // Unknown keys are remembered too (a scan of guesses must not cost a query each), so the
      // memo is bounded by clearing it whole.
      if (cache.size >= 10_000) cache.clear();
      cache.set(hash, { row, at: Date.now() });
    }
    return row;
  };

  return {
    async requireKey(request, scopes = []) {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw refused('API_KEY_MISSING', 'Send an API key as Authorization: Bearer');
      if (!token.startsWith(API_KEY_PREFIX) || token.length > 200)
        throw refused('API_KEY_INVALID', 'This API takes an API key (sfk_…), not a sign-in key');
      const row = await lookUp(hashKey(token));
      if (!row) throw refused('API_KEY_INVALID', 'This API key is not known');
      if (row.revokedAt) throw refused('API_KEY_REVOKED', 'This API key was revoked');
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now())
        throw refused('API_KEY_EXPIRED', 'This API key has expired');
      const wait = await deps.limiter.hit(subjectKey('api-key', row.id), {
        max: row.rateLimitPerMinute,
        windowSeconds: 60,
      });
      if (wait)
        throw new AppError(
          429,
          'RATE_LIMITED',
          `This key is over its ${row.rateLimitPerMinute} calls a minute: wait ${wait} seconds`,
          undefined,
          { 'retry-after': String(wait) },
        );
      if (scopes.length > 0 && !scopes.some((s) => row.scopes.includes(s)))
        throw new AppError(
          403,
          'SCOPE_MISSING',
          `This key may not do this: it needs the scope ${scopes.join(' or ')}`,
        );
      await touchApiKey(deps.db, row.id);
      return {
        keyId: row.id,
        name: row.name,
        kind: row.kind,
        companyId: row.companyId,
        scopes: row.scopes as ApiScope[],
        createdBy: row.createdBy,
        expiresAt: row.expiresAt,
        actor: { userId: `api-key:${row.id}`, email: `API key "${row.name}" (${row.prefix}…)` },
      };
    },
    forget() {
      generation += 1;
      cache.clear();
    },
  };
}
