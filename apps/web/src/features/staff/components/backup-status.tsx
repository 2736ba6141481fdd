import type { BackupStatus } from '@storefront/contract';
import { formatLocalDateTime } from '../../../lib/dates';
import { useBackupStatus } from '../api/backup-status';

const when = formatLocalDateTime;

const size = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024
    ? `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function BackupStatusView({ status }: { status: BackupStatus }) {
  const last = status.lastSuccess
    ? `Last backup completed ${when(status.lastSuccess.at)} (${size(status.lastSuccess.bytes)}).`
    : 'No backup has completed yet.';
  const schedule =
    status.intervalHours > 0
      ? `Every ${status.intervalHours} h, the newest ${status.keep} kept.`
      : 'Not scheduled on this server.';
  if (!status.warning)
    return (
      <p className="mt-3 text-sm text-base-content/80" data-testid="backup-status">
        {last} {schedule}
      </p>
    );
  return (
    <div role="alert" className="alert alert-warning mt-3 text-sm" data-testid="backup-status">
      <span>
        <strong>Backups: </strong>
        {status.warning}
        {status.lastSuccess && status.state !== 'never' ? ` ${last}` : ''} {schedule}
      </span>
    </div>
  );
}

/** The overview's line about backups: quiet when they run, a warning when they do not. */
export function BackupStatusLine() {
  const status = useBackupStatus();
  if (status.isPending) return null;
  if (status.isError)
    return (
      <p role="alert" className="mt-3 text-sm text-error">
        The backup status could not be loaded: {status.error.message}
      </p>
    );
  return <BackupStatusView status={status.data} />;
}
