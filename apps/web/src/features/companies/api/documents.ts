import { apiBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** An order on account's invoice (with its due date and what has been received), as a PDF. */
export async function downloadAccountInvoice(orderId: string, number: string): Promise<void> {
  saveFile(
    await apiBlob(`/purchase/${encodeURIComponent(orderId)}/invoice`),
    `invoice-${number}.pdf`,
  );
}

/** A credit note, as a PDF. */
export async function downloadCreditNote(id: string, number: string): Promise<void> {
  saveFile(await apiBlob(`/credit-notes/${encodeURIComponent(id)}`), `credit-note-${number}.pdf`);
}
