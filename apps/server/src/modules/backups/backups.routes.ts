import type { FastifyPluginAsync } from 'fastify';
import { endpoints, routePath, type BackupStatus } from '@storefront/contract';
import type { Guards } from '../auth/guards.js';
import type { Backups } from './backup-schedule.js';

export type BackupRoutesOptions = { guards: Guards; backups: Backups };

/** The staff overview's backup line (admins only). */
export const backupRoutes: FastifyPluginAsync<BackupRoutesOptions> = async (
  app,
  { guards, backups },
) => {
  app.get(routePath(endpoints.staffBackups), async (request): Promise<BackupStatus> => {
    await guards.requireAdmin(request);
    return backups.view();
  });
};
