import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@storefront/contract';
import { api, apiBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** "Download my data": everything the shop holds about the caller, as a JSON file. */
export async function downloadMyData(): Promise<void> {
  saveFile(await apiBlob('/me/data'), `my-data-${new Date().toISOString().slice(0, 10)}.json`);
}

export const deleteMyAccount = (body: DeleteAccountBody) =>
  api<{ deleted: true }>('/me/delete', { method: 'POST', body, auth: true });

export const useDeleteMyAccount = () => useMutation({ mutationFn: deleteMyAccount });
