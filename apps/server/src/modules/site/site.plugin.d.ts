import type { FastifyInstance } from 'fastify';
/**
 * Serves the built web app: hashed assets cached for a year, `index.html` revalidated every
 * time, and every unknown non-API GET answered with `index.html` so the router can take over.
 */
export declare function registerSite(app: FastifyInstance, webDistDir: string): Promise<void>;
