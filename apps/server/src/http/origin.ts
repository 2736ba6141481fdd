import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

/**
 * A write authorized by a cookie must come from one of the shop's own pages: browsers send
 * `Origin` with every such request, and another site's page sends its own. (Bearer-key calls need
 * no such check: a page of another site cannot read the key.)
 */
export function requireTrustedOrigin(request: FastifyRequest, trusted: readonly string[]): void {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || !trusted.includes(origin))
    throw forbidden('This request must come from the shop itself');
}
