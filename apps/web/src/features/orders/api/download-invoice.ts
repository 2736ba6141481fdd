import { apiBlob } from '../../../lib/api-client';

/** The invoice needs the access key, so it is fetched, then saved as a file. */
export async function downloadInvoice(orderId: string, number: string): Promise<void> {
  const pdf = await apiBlob(`/purchase/${encodeURIComponent(orderId)}/invoice`);
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
