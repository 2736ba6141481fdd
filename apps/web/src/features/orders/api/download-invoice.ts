import { apiBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export async function downloadInvoice(orderId: string, number: string): Promise<void> {
  saveFile(
    await apiBlob(`/purchase/${encodeURIComponent(orderId)}/invoice`),
    `invoice-${number}.pdf`,
  );
}
