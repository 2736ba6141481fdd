import { useQuery } from '@tanstack/react-query';
import type { BackupStatus } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const backupStatusKey = ['staff', 'backups'] as const;

/** When the last backup completed, and whether to warn (admins only). */
export const useBackupStatus = () =>
  useQuery({
    queryKey: backupStatusKey,
    queryFn: () => api<BackupStatus>('/staff/backups', { auth: true }),
    meta: { private: true },
    // A backup completes in the background: look again every few minutes.
    refetchInterval: 5 * 60_000,
  });
