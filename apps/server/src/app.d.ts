import { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
export type AppDeps = {
  config: Config;
  database: Database;
  /** Omitted in tests: they run silent. */
  logger?: FastifyBaseLogger;
};
/** Builds the whole HTTP application without listening: tests call `inject`, server.ts listens. */
export declare function buildApp({ config, database, logger }: AppDeps): Promise<FastifyInstance>;
