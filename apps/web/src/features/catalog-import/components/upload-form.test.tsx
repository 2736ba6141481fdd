import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { UploadProgress } from '../../../lib/api-files';
import type { ImportUpload } from '../api/start-import';
import { ImportUploadForm } from './upload-form';

const file = (name: string) => new File(['Part number\r\nIC-1\r\n'], name, { type: 'text/csv' });

describe('import upload form', () => {
  it('asks for a file before sending anything, and refuses one that is not a spreadsheet', async () => {
    const onUpload = vi.fn();
    render(<ImportUploadForm onUpload={onUpload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose the catalog file (CSV or XLSX)');
    const parts = screen.getByLabelText('Parts file (CSV or XLSX)');
    expect(parts.getAttribute('aria-invalid')).toBe('true');
    await userEvent.upload(parts, file('catalog.pdf'), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(screen.getByRole('alert').textContent).toBe('The parts file must be a CSV or XLSX file');
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('sends the files with the archive choice, showing the upload as it goes', async () => {
    let finish: () => void = () => undefined;
    let report: UploadProgress = () => undefined;
    const onUpload = vi.fn(
      (_upload: ImportUpload, onProgress: UploadProgress) =>
        new Promise<void>((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    render(<ImportUploadForm onUpload={onUpload} />);
    // Off unless chosen: a file is not a full catalog by default.
    const archive = screen.getByRole('checkbox', {
      name: 'Archive parts that are not in the file',
    });
    expect(archive).toHaveProperty('checked', false);
    const parts = file('catalog.csv');
    const vehicles = file('vehicles.xlsx');
    await userEvent.upload(screen.getByLabelText('Parts file (CSV or XLSX)'), parts);
    await userEvent.upload(
      screen.getByLabelText('Vehicles file (CSV or XLSX, optional)'),
      vehicles,
    );
    await userEvent.click(archive);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(onUpload).toHaveBeenCalledWith(
      { parts, fitment: vehicles, pictures: null, archiveMissing: true },
      expect.any(Function),
    );
    act(() => report(0.5));
    expect(
      screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(screen.getByRole('status').textContent).toBe('Uploading… 50%');
    expect(screen.getByRole('button', { name: 'Upload and preview' })).toHaveProperty(
      'disabled',
      true,
    );
    await act(async () => finish());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's refusal in its words", async () => {
    const onUpload = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'UNREADABLE_FILE', 'catalog.csv is not UTF-8: save it as CSV UTF-8'),
      );
    render(<ImportUploadForm onUpload={onUpload} />);
    await userEvent.upload(screen.getByLabelText('Parts file (CSV or XLSX)'), file('catalog.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'catalog.csv is not UTF-8: save it as CSV UTF-8',
    );
  });
});
