import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { PathId, routePath, type Endpoint } from '@storefront/contract';

/** Names no row: ids are random (version 4) UUIDs. */
const NO_ROW = '00000000-0000-0000-0000-000000000000';

/**
 * Ids in every route's path, checked against the contract before the route runs: a value that is
 * not a UUID can never name a row, so the route receives an id that names none and answers as it
 * answers for any unknown id (after checking who is asking, with its own 404). Nothing malformed
 * reaches a query: a non-UUID id was a 500 from the database ("invalid input syntax for type
 * uuid") on every route that did not check it itself. Registered before the routes (`onRoute`).
 */
export function checkPathIds(app: FastifyInstance, endpoints: readonly Endpoint[]): void {
  const idParams = new Map<string, string[]>();
  for (const e of endpoints) {
    const ids = Object.entries(e.params?.shape ?? {})
      .filter(([, schema]) => schema === PathId)
      .map(([name]) => name);
    if (ids.length > 0) idParams.set(`${e.method} ${routePath(e)}`, ids);
  }
  app.addHook('onRoute', (route) => {
    const ids = [route.method]
      .flat()
      .map((m) => idParams.get(`${m} ${route.url}`))
      .find(Boolean);
    if (!ids) return;
    const check: preValidationHookHandler = async (request) => {
      const params = request.params as Record<string, string>;
      for (const name of ids) if (!PathId.safeParse(params[name]).success) params[name] = NO_ROW;
    };
    route.preValidation = [check, ...[route.preValidation ?? []].flat()];
  });
}
