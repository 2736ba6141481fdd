import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BackupStatus } from '@storefront/contract';
import { BackupStatusView } from './backup-status';

const ok: BackupStatus = {
  intervalHours: 24,
  keep: 7,
  lastSuccess: {
    at: '2026-11-24T03:00:00.000Z',
    file: 'storefront-2026-11-24T03-00-00-000Z.backup',
    bytes: 12 * 1024 * 1024,
  },
  lastFailure: null,
  state: 'ok',
  warning: null,
};

describe('backup status line', () => {
  it('is a quiet line when backups run', () => {
    render(<BackupStatusView status={ok} />);
    const line = screen.getByTestId('backup-status');
    expect(line.textContent).toMatch(/Last backup completed .* \(12\.0 MB\)\. Every 24 h/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns in words when the last backup failed', () => {
    render(
      <BackupStatusView
        status={{
          ...ok,
          state: 'failed',
          lastFailure: { at: '2026-11-25T03:00:00.000Z', message: 'no space left on device' },
          warning: 'The last backup failed (2026-11-25T03:00:00.000Z): no space left on device',
        }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(
      /Backups: The last backup failed .*no space left on device/,
    );
  });
});
