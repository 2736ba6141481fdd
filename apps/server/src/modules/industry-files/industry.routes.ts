import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Guards } from '../auth/guards.js';
import { acesRoutes } from './aces.routes.js';
import { feedRoutes } from './feeds.routes.js';
import { vcdbRoutes } from './vcdb.routes.js';

export type IndustryRoutesOptions = {
  db: Db;
  guards: Guards;
  /** Where uploaded files wait while they are read (DATA_DIR/imports). */
  dir: string;
  /** The catalog import's limit on one file (IMPORT_MAX_MB). */
  maxBytes: number;
  /** Where uploaded pictures are stored (the catalog import's preview takes it). */
  uploadsDir: string;
  /** The shop's address (a picture's path becomes an address in a PIES file). */
  publicUrl: string;
  /** The sender named in an ACES file's header. */
  shopName: string;
  /** After the vehicles of parts changed (a VCdb release re-mapped them). */
  onCatalogChange: () => void;
};

/**
 * The parts industry's files (issue 39, decision 067): VCdb releases, ACES and PIES through the
 * catalog import's preview. Admins only, checked before anything else is read.
 */
export const industryRoutes: FastifyPluginAsync<IndustryRoutesOptions> = async (app, options) => {
  // Only this plugin's routes read multipart bodies (as the catalog import's own plugin).
  await app.register(multipart, {
    limits: {
      fileSize: options.maxBytes,
      files: 5,
      fields: 2,
      parts: 7,
      fieldNameSize: 50,
      fieldSize: 100,
    },
  });
  vcdbRoutes(app, options);
  acesRoutes(app, options);
  feedRoutes(app, options);
};
